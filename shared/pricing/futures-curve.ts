import { contractExpiry, FUTURES_CONTRACTS, type FuturesRoot } from "../market/contracts";
import { addMonths, monthIndex, parseYearMonth, type YearMonth, yearMonthOf } from "../market/dates";
import type { FuturesSettlement, MarketSnapshot } from "../market/snapshot";

// Futures curves from a snapshot: a price for any calendar month, interpolated linearly (by month)
// between the neighbouring contracts and held flat beyond the first and last contract.

export interface CurveContract {
  root: FuturesRoot;
  contractMonth: string;
  monthIndex: number;
  settle: number;
  /** The contract's at-the-money implied volatility, or the nearest contract's of the same root. */
  impliedVolatility: number | null;
  expiry: string;
}

export interface PriceReference {
  /** Contracts (indexes into the curve) and weights summing to 1. */
  terms: { contract: number; weight: number }[];
}

export function futuresCurve(snapshot: MarketSnapshot, root: FuturesRoot): CurveContract[] {
  const rows = snapshot.futures
    .filter((f: FuturesSettlement) => f.root === root)
    .map((f) => {
      const ym = parseYearMonth(f.contractMonth);
      return {
        root,
        contractMonth: f.contractMonth,
        monthIndex: monthIndex(ym),
        settle: f.settle,
        impliedVolatility: f.impliedVolatility ?? null,
        expiry: contractExpiry(root, ym),
      };
    })
    .sort((a, b) => a.monthIndex - b.monthIndex);
  for (const row of rows) {
    if (row.impliedVolatility !== null) continue;
    let best: CurveContract | null = null;
    for (const other of rows)
      if (
        other.impliedVolatility !== null &&
        (!best || Math.abs(other.monthIndex - row.monthIndex) < Math.abs(best.monthIndex - row.monthIndex))
      )
        best = other;
    row.impliedVolatility = best?.impliedVolatility ?? null;
  }
  return rows;
}

/** How a calendar month's price is made from the curve's contracts; null for an empty curve. */
export function priceReference(curve: readonly CurveContract[], ym: YearMonth): PriceReference | null {
  if (curve.length === 0) return null;
  const target = monthIndex(ym);
  if (target <= curve[0].monthIndex) return { terms: [{ contract: 0, weight: 1 }] };
  const last = curve.length - 1;
  if (target >= curve[last].monthIndex) return { terms: [{ contract: last, weight: 1 }] };
  let hi = 1;
  while (curve[hi].monthIndex < target) hi++;
  if (curve[hi].monthIndex === target) return { terms: [{ contract: hi, weight: 1 }] };
  const lo = hi - 1;
  const w = (target - curve[lo].monthIndex) / (curve[hi].monthIndex - curve[lo].monthIndex);
  return {
    terms: [
      { contract: lo, weight: 1 - w },
      { contract: hi, weight: w },
    ],
  };
}

export const priceFrom = (curve: readonly CurveContract[], ref: PriceReference): number =>
  ref.terms.reduce((sum, t) => sum + t.weight * curve[t.contract].settle, 0);

/**
 * The first contract month among the root's trading months whose (approximate) expiry falls on or
 * after `date` — the futures month an LRP endorsement ending on `date` is compared with.
 */
export function contractMonthOnOrAfter(root: FuturesRoot, date: string): YearMonth {
  const months = FUTURES_CONTRACTS[root].tradingMonths;
  let ym = yearMonthOf(date);
  for (let i = 0; i < 36; i++, ym = addMonths(ym, 1)) {
    if (months.includes(ym.month - 1) && contractExpiry(root, ym) >= date) return ym;
  }
  throw new RangeError(`no ${root} contract month after ${date}`);
}
