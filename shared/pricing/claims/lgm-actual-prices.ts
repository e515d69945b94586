import { isLgmCommodityCode } from "../../catalogue";
import { exchangeHoliday } from "../../market/calendar";
import { contractExpiry, FUTURES_CONTRACTS, type FuturesRoot } from "../../market/contracts";
import { addDays, addMonths, formatYearMonth, weekday, type YearMonth } from "../../market/dates";
import { type LgmWeights, marginTerms } from "../lgm/formula";
import { insurancePeriod } from "../lgm/period";
import { invalidInput } from "../validate";

// The actual prices an LGM claim needs (DOMAIN.md "LGM": the average settlement of the last three
// trading days before each contract's expiry), worked out from the futures settlements the server kept
// day by day (market history). Two steps, both pure:
//   lgmActualPriceNeeds — which contracts the endorsement's margin formula reads (a month without a
//     contract reads its two neighbours, as the expected margins do) and, for each, its expiry and the
//     three trading days before it (weekdays that are not CME holidays, the expiry day excluded);
//   lgmActualPrices — the settlements of those days, as lgmClaim's `actualPrices`, or what is missing
//     (a contract not expired yet on `today`, a day without a settlement in the history).

export interface ActualPriceNeed {
  root: FuturesRoot;
  /** YYYY-MM */
  contractMonth: string;
  expiry: string;
  /** The three trading days before the expiry, oldest first. */
  days: [string, string, string];
}

const isTradingDay = (date: string) => {
  const d = weekday(date);
  return d !== 0 && d !== 6 && exchangeHoliday(date) === null;
};

/** The `count` trading days before `date` (excluded), oldest first. */
export function tradingDaysBefore(date: string, count: number): string[] {
  const days: string[] = [];
  for (let d = addDays(date, -1); days.length < count; d = addDays(d, -1))
    if (isTradingDay(d)) days.unshift(d);
  return days;
}

/** The contract months of `root` a calendar month's price is read from: its own, else its two neighbours. */
function contractsFor(root: FuturesRoot, ym: YearMonth): YearMonth[] {
  const listed = (m: YearMonth) => FUTURES_CONTRACTS[root].tradingMonths.includes(m.month - 1);
  if (listed(ym)) return [ym];
  let before = addMonths(ym, -1);
  while (!listed(before)) before = addMonths(before, -1);
  let after = addMonths(ym, 1);
  while (!listed(after)) after = addMonths(after, 1);
  return [before, after];
}

export interface LgmPriceSetup {
  commodity: string;
  type: string;
  salesDate: string;
  weights?: LgmWeights;
}

/** The contracts an endorsement's actual gross margins read, each with the days its price averages. */
export function lgmActualPriceNeeds(setup: LgmPriceSetup): ActualPriceNeed[] {
  if (!isLgmCommodityCode(setup.commodity))
    throw invalidInput(["commodity"], `${setup.commodity} is not an LGM commodity`);
  const needs = new Map<string, ActualPriceNeed>();
  for (const term of marginTerms(setup.commodity, setup.type, setup.weights ?? {}))
    for (const month of insurancePeriod(setup.commodity, setup.salesDate))
      for (const ym of contractsFor(term.root, addMonths(month, -term.lag))) {
        const contractMonth = formatYearMonth(ym);
        const key = `${term.root} ${contractMonth}`;
        if (needs.has(key)) continue;
        const expiry = contractExpiry(term.root, ym);
        needs.set(key, {
          root: term.root,
          contractMonth,
          expiry,
          days: tradingDaysBefore(expiry, 3) as [string, string, string],
        });
      }
  return [...needs.values()].sort(
    (a, b) => a.root.localeCompare(b.root) || a.contractMonth.localeCompare(b.contractMonth),
  );
}

export type ActualPricesResult =
  | { prices: Partial<Record<FuturesRoot, Record<string, [number, number, number]>>> }
  | { missing: string };

/**
 * The actual prices for lgmClaim from the settlements of the needed days: `settlement(day, root,
 * contractMonth)` is the contract's settlement published that day, or null. Nothing is final before
 * every needed contract has expired on `today`.
 */
export function lgmActualPrices(
  needs: readonly ActualPriceNeed[],
  settlement: (day: string, root: FuturesRoot, contractMonth: string) => number | null,
  today: string,
): ActualPricesResult {
  const prices: Partial<Record<FuturesRoot, Record<string, [number, number, number]>>> = {};
  for (const need of needs) {
    if (need.expiry >= today)
      return { missing: `${need.root} ${need.contractMonth} has not expired yet (${need.expiry})` };
    const settles: number[] = [];
    for (const day of need.days) {
      const value = settlement(day, need.root, need.contractMonth);
      if (value === null)
        return {
          missing: `no ${need.root} ${need.contractMonth} settlement of ${day} in the market history`,
        };
      settles.push(value);
    }
    prices[need.root] = { ...prices[need.root], [need.contractMonth]: settles as [number, number, number] };
  }
  return { prices };
}
