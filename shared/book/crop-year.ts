import { isIsoDate } from "../market/dates";

// The crop year of an LRP endorsement or LGM endorsement, from its sales date: ONE definition, used by
// the quote screens (LRP, LGM, breakeven), the watchlist and the book, so a coverage in the book is
// priced with exactly the crop year the quote screen used (the crop year picks the subsidy schedules:
// shared/pricing/subsidy).
//
// RMA's livestock crop years start on July 1 (PM-19-024: "the 2020 crop year starting July 1st") and
// run to June 30, named by the calendar year they end in — the reinsurance year. So a sale on
// 2026-11-20 is crop year 2027, which picks 2027's subsidy schedules (beginning farmers by year of
// farming) and counts toward 2027's head limits. RMA's published LRP rate rows (A00630 "Commodity
// Year") carry the same year. (The quote screens once used the calendar year.)

const check = (date: string, what: string) => {
  if (!isIsoDate(date)) throw new RangeError(`${what}: expected a date YYYY-MM-DD, got "${date}"`);
};

/**
 * The crop year of an endorsement sold on `salesDate` (YYYY-MM-DD): July 1 – June 30, named by the
 * calendar year it ends in.
 * @example cropYearOf("2026-06-30") // 2026
 * @example cropYearOf("2026-11-20") // 2027
 */
export function cropYearOf(salesDate: string): number {
  check(salesDate, "cropYearOf");
  return reinsuranceYear(salesDate);
}

/** The first month of the reinsurance year (July). */
export const REINSURANCE_YEAR_START_MONTH = 7;

/**
 * RMA's reinsurance year of a date: July 1 – June 30, named by the calendar year it ends in.
 * @example reinsuranceYear("2026-06-30") // 2026
 * @example reinsuranceYear("2026-07-01") // 2027
 */
export function reinsuranceYear(date: string): number {
  check(date, "reinsuranceYear");
  const year = Number(date.slice(0, 4));
  return Number(date.slice(5, 7)) >= REINSURANCE_YEAR_START_MONTH ? year + 1 : year;
}
