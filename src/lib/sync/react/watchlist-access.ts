import type { Role } from "../../../../shared/access/roles";

/** Spec §6: agents and customers have a watchlist. */
export const mayKeepWatchlist = (roles: readonly Role[]): boolean =>
  roles.includes("agent") || roles.includes("customer");
