import { getCommodityByTradingCode } from "../catalogue";
import { addDays, firstDayOfMonth, lastDayOfMonth, weekday, type YearMonth } from "./dates";

// The futures contracts the engine prices from. Trading months (0-based, January = 0) come from the
// catalogue's commodity details (spec §9 futuresTradingMonths, looked up by trading code). The engine
// needs a few facts the catalogue does not carry — the contract's expiry rule and the strike grid of
// the options used for the LRP comparison — so they live here with the roots they belong to.

export const FUTURES_ROOTS = ["GF", "LE", "HE", "ZC", "ZM", "DL"] as const;
export type FuturesRoot = (typeof FUTURES_ROOTS)[number];

export interface FuturesContractSpec {
  root: FuturesRoot;
  name: string;
  /** Price unit of settlements in snapshots and in the settlement CSV. */
  unit: "$/cwt" | "$/bu" | "$/ton";
  /** Spec §9 futuresTradingMonths (0-based), from the catalogue. */
  tradingMonths: readonly number[];
  /** Strike interval of the options near the money, in the price unit (CME: $1/cwt for livestock). */
  strikeStep: string;
}

function months(root: FuturesRoot): readonly number[] {
  const found = getCommodityByTradingCode(root).futuresTradingMonths;
  if (!found) throw new Error(`the catalogue has no futures trading months for ${root}`);
  return found;
}

const contract = (
  root: FuturesRoot,
  name: string,
  unit: FuturesContractSpec["unit"],
  strikeStep: string,
) => ({
  root,
  name,
  unit,
  tradingMonths: months(root),
  strikeStep,
});

export const FUTURES_CONTRACTS: Readonly<Record<FuturesRoot, FuturesContractSpec>> = {
  GF: contract("GF", "Feeder Cattle", "$/cwt", "1"),
  LE: contract("LE", "Live Cattle", "$/cwt", "1"),
  HE: contract("HE", "Lean Hogs", "$/cwt", "1"),
  ZC: contract("ZC", "Corn", "$/bu", "0.1"),
  ZM: contract("ZM", "Soybean Meal", "$/ton", "5"),
  DL: contract("DL", "Class III Milk", "$/cwt", "0.25"),
};

export const isFuturesRoot = (value: string): value is FuturesRoot =>
  (FUTURES_ROOTS as readonly string[]).includes(value);

const isWeekday = (date: string) => {
  const d = weekday(date);
  return d !== 0 && d !== 6;
};

/**
 * Approximate last trading day of a contract (exchange holidays ignored — docs/pricing.md):
 * - GF: last Thursday of the contract month;
 * - LE: last weekday of the contract month;
 * - HE: 10th weekday of the contract month;
 * - ZC, ZM: the weekday before the 15th of the contract month;
 * - DL: last weekday of the contract month (the real contract ends on the day before USDA's
 *   announcement early in the next month; a few days do not matter to a volatility horizon).
 */
export function contractExpiry(root: FuturesRoot, ym: YearMonth): string {
  const key = `${root}${ym.year}-${ym.month}`;
  let expiry = expiryCache.get(key);
  if (expiry === undefined) {
    expiry = computeExpiry(root, ym);
    expiryCache.set(key, expiry);
  }
  return expiry;
}

/** Memo of a pure calendar rule: quotes ask for the same few contract months thousands of times. */
const expiryCache = new Map<string, string>();

function computeExpiry(root: FuturesRoot, ym: YearMonth): string {
  switch (root) {
    case "GF": {
      let d = lastDayOfMonth(ym);
      while (weekday(d) !== 4) d = addDays(d, -1);
      return d;
    }
    case "HE": {
      let d = firstDayOfMonth(ym);
      let count = isWeekday(d) ? 1 : 0;
      while (count < 10) {
        d = addDays(d, 1);
        if (isWeekday(d)) count++;
      }
      return d;
    }
    case "ZC":
    case "ZM": {
      let d = addDays(firstDayOfMonth(ym), 13);
      while (!isWeekday(d)) d = addDays(d, -1);
      return d;
    }
    default: {
      let d = lastDayOfMonth(ym);
      while (!isWeekday(d)) d = addDays(d, -1);
      return d;
    }
  }
}
