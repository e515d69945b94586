import type { Role } from "../access/roles";

// Membership rules of the users screen (docs/administration.md), one definition for the server and the screen.

/** The roles an organisation's admin may grant; superAdmin is the platform's, never an org's. */
export const ADMIN_GRANTABLE_ROLES: readonly Role[] = ["admin", "agent", "customer", "partner"];
/** Agents manage their customers' portal accounts only. */
export const AGENT_GRANTABLE_ROLES: readonly Role[] = ["customer"];

export const LAST_ADMIN_MESSAGE =
  "An organisation needs at least one admin: make someone else an admin before this one loses the role.";

/**
 * Why a change of `userId`'s roles to `next` is refused because it would leave the organisation
 * without an admin (null when it does not). `admins` are the organisation's current admins.
 */
export function lastAdminProblem(
  admins: readonly string[],
  userId: string,
  next: readonly Role[],
): string | null {
  const stays = next.includes("admin");
  if (stays || !admins.includes(userId)) return null;
  return admins.length <= 1 ? LAST_ADMIN_MESSAGE : null;
}

/** Why `granter` (their roles in the org) may not give `roles`; null when they may. */
export function grantProblem(granterRoles: readonly Role[], roles: readonly Role[]): string | null {
  const allowed = granterRoles.includes("admin")
    ? ADMIN_GRANTABLE_ROLES
    : granterRoles.includes("agent")
      ? AGENT_GRANTABLE_ROLES
      : [];
  const refused = roles.filter((r) => !allowed.includes(r));
  if (refused.length === 0) return null;
  return granterRoles.includes("admin")
    ? `The ${refused.join(", ")} role is the platform's: an organisation's admin cannot grant it.`
    : `Agents manage customers' portal accounts only; an admin grants the ${refused.join(", ")} role.`;
}
