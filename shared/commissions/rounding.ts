import Decimal from "decimal.js";
import type { CommissionSplit } from "../documents/commission";

// COMM2 (docs/commissions.md "Rounding"): the one place commission money is rounded.
//   1. A line's commission is total premium × rate ÷ 100, rounded to the cent half up, once.
//   2. Each agent's part is the line's commission × the agents' portion × the agent's share, cut to the
//      cent toward zero; the agency gets the rest (its own share plus every fraction of a cent), so the
//      parts of a line always add up to the line, exactly.
//   3. A chargeback is the line it reverses with every figure negated: never recomputed.

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type Party = "writing" | "servicing" | "agency";

export interface CommissionPart {
  party: Party;
  /** The agent's user id (absent for the agency). */
  agentId?: string;
  amount: string;
}

/** Rule 1: a line's commission in cents. */
export const lineCommission = (totalPremium: string, ratePercent: string): string =>
  new D(totalPremium).times(ratePercent).div(100).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);

type Shares = Pick<
  CommissionSplit,
  | "writingAgentId"
  | "servicingAgentId"
  | "writingSharePercent"
  | "servicingSharePercent"
  | "agencySharePercent"
>;

/** Rule 2: the parts of `commission` under `split` (no split: all of it to the agency). */
export function splitCommission(commission: string, split: Shares | undefined): CommissionPart[] {
  const whole = new D(commission);
  if (!split) return [{ party: "agency", amount: whole.toFixed(2) }];
  const agents = whole.times(new D(100).minus(split.agencySharePercent)).div(100);
  const cut = (share: string) => agents.times(share).div(100).toDecimalPlaces(2, D.ROUND_DOWN);
  const writing = cut(split.writingSharePercent);
  const parts: CommissionPart[] = [
    { party: "writing", agentId: split.writingAgentId, amount: writing.toFixed(2) },
  ];
  let rest = whole.minus(writing);
  if (split.servicingAgentId !== undefined) {
    const servicing = cut(split.servicingSharePercent);
    parts.push({ party: "servicing", agentId: split.servicingAgentId, amount: servicing.toFixed(2) });
    rest = rest.minus(servicing);
  }
  parts.push({ party: "agency", amount: rest.toFixed(2) });
  return parts;
}

/** Rule 3: a figure negated, as text ("0.00" stays "0.00"). */
export const negated = (amount: string): string => {
  const n = new D(amount).neg();
  return (n.isZero() ? new D(0) : n).toFixed(2);
};

/** Exact sum of amounts, as cents text. */
export const sum = (amounts: Iterable<string>): string => {
  let total = new D(0);
  for (const a of amounts) total = total.plus(a);
  return total.toFixed(2);
};

/** a − b, as cents text. */
export const minus = (a: string, b: string): string => new D(a).minus(b).toFixed(2);

/** -1, 0 or 1: how a compares with b. */
export const compare = (a: string, b: string): number => new D(a).comparedTo(b);
