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

/**
 * Rule 1 with the rate read once (the engine prices thousands of lines at a few rates): the function
 * gives a total premium's commission, rounded to the cent. premium × (rate ÷ 100) is premium × rate ÷ 100 exactly:
 * dividing a decimal by 100 only moves its point, and 40 digits hold every product of a premium and a
 * percent of 4 decimals.
 */
export function commissionAtRate(ratePercent: string): (totalPremium: string) => Decimal {
  const rate = new D(ratePercent).div(100);
  return (totalPremium) => rate.times(totalPremium).toDecimalPlaces(2, D.ROUND_HALF_UP);
}

/** Rule 1: a line's commission in cents. */
export const lineCommission = (totalPremium: string, ratePercent: string): string =>
  commissionAtRate(ratePercent)(totalPremium).toFixed(2);

type Shares = Pick<
  CommissionSplit,
  | "writingAgentId"
  | "servicingAgentId"
  | "writingSharePercent"
  | "servicingSharePercent"
  | "agencySharePercent"
>;

/** The agents' fractions of a commission under some shares: few distinct, so read once each. */
const fractions = new Map<string, { writing: Decimal; servicing: Decimal | null }>();
const KEPT_FRACTIONS = 1024;

function fractionsOf(split: Shares) {
  const servicingShare = split.servicingAgentId === undefined ? null : split.servicingSharePercent;
  const key = `${split.agencySharePercent}|${split.writingSharePercent}|${servicingShare}`;
  let known = fractions.get(key);
  if (!known) {
    const agents = new D(100).minus(split.agencySharePercent).div(100);
    known = {
      writing: agents.times(split.writingSharePercent).div(100),
      servicing: servicingShare === null ? null : agents.times(servicingShare).div(100),
    };
    if (fractions.size >= KEPT_FRACTIONS) fractions.clear();
    fractions.set(key, known);
  }
  return known;
}

/**
 * Rule 2, the parts of a commission under `split` (no split: all of it to the agency). An agent's part
 * is the commission × (100 − agency share) ÷ 100 × the agent's share ÷ 100; the two percents are
 * multiplied once per set of shares, exactly (each has at most 4 decimals), so each line costs one
 * product and one cut per agent.
 */
export function partsOf(whole: Decimal, split: Shares | undefined): CommissionPart[] {
  if (!split) return [{ party: "agency", amount: whole.toFixed(2) }];
  const of = fractionsOf(split);
  const writing = whole.times(of.writing).toDecimalPlaces(2, D.ROUND_DOWN);
  const parts: CommissionPart[] = [
    { party: "writing", agentId: split.writingAgentId, amount: writing.toFixed(2) },
  ];
  let rest = whole.minus(writing);
  if (of.servicing) {
    const servicing = whole.times(of.servicing).toDecimalPlaces(2, D.ROUND_DOWN);
    parts.push({ party: "servicing", agentId: split.servicingAgentId, amount: servicing.toFixed(2) });
    rest = rest.minus(servicing);
  }
  parts.push({ party: "agency", amount: rest.toFixed(2) });
  return parts;
}

/** Rule 2: the parts of `commission` under `split` (no split: all of it to the agency). */
export const splitCommission = (commission: string, split: Shares | undefined): CommissionPart[] =>
  partsOf(new D(commission), split);

/** Cents as decimal.js writes them ("-12.50", "0.00"): negated by their sign alone. */
const CENTS = /^-?(0|[1-9]\d*)\.\d\d$/;
const ZERO = /^-?0\.00$/;

/** Rule 3: a figure negated, as text ("0.00" stays "0.00"). */
export const negated = (amount: string): string => {
  if (CENTS.test(amount)) {
    if (ZERO.test(amount)) return "0.00";
    return amount.startsWith("-") ? amount.slice(1) : `-${amount}`;
  }
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
