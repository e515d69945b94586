import type { MarketSnapshot } from "../../shared/market/snapshot";
import { now } from "../clock";
import { centralTime } from "../market/central-time";
import { type ClaimProposalsOptions, type ClaimProposalsRun, recordClaimProposals } from "./proposals";

// Claims on the server (docs/claims.md): the proposals recorded after each published market
// snapshot. server.ts calls afterPublish from its publish, next to the price alerts.

export interface RunningClaims {
  /** Recomputes every organisation's claim proposals from the snapshot just published. */
  afterPublish(snapshot: MarketSnapshot): Promise<ClaimProposalsRun>;
}

export function startClaims(
  options: Omit<ClaimProposalsOptions, "today" | "history"> & {
    history: () => ClaimProposalsOptions["history"];
    clock?: () => Date;
  },
): RunningClaims {
  const clock = options.clock ?? now;
  return {
    afterPublish: (snapshot) =>
      recordClaimProposals(snapshot, {
        ...options,
        history: options.history(),
        today: () => centralTime(clock()).date,
        now: clock,
      }),
  };
}

export type { ClaimProposalsRun } from "./proposals";
