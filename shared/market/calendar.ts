import { addDays, isoDateToUtc, utcToIsoDate, weekday } from "./dates";

import { CATTLE_ON_FEED_DAYS, HOGS_AND_PIGS_DAYS, type ReportDay, reportDaysPublished } from "./report-days";

// The LRP sales calendar: the USDA NASS report days on which LRP sales are suspended (Cattle on Feed →
// cattle, Hogs and Pigs → swine; DOMAIN.md) and the CME exchange holidays, 2025–2027.
//
// Report days: ./report-days.ts — each day with its source; days a published calendar or a dated source
// names are "published" and suspend sales (Cattle on Feed 2026: USDA's 2026 schedule); for years with
// no published calendar found (Cattle on Feed 2027, Hogs and Pigs 2026–2027) the days are "derived" by
// a stated fallback rule, shown as expected and suspending nothing.
//
// Holidays: CME Group observes the U.S. holidays listed on its holiday calendar page (cmegroup.com,
// "CME Group Holiday Calendar": New Year's, Dr. Martin Luther King Jr., Presidents' Day, Good Friday,
// Memorial Day, Juneteenth, Independence Day, Labor Day, Thanksgiving, Christmas). The dates below are
// worked out from those holidays' legal rules (fixed dates move to Friday/Monday when they fall on a
// weekend, except New Year's on a Saturday; Good Friday from Easter); 2026's agree with a published
// list of CME Globex's 2026 holidays (docs/market-data.md), 2027 rests on the rules.

export type LrpSalesGroup = "cattle" | "swine";
export type { ReportDay };
export { CATTLE_ON_FEED_DAYS, HOGS_AND_PIGS_DAYS };

/** True once every report day of 2026–2027 is published; false while any is a fallback (derived) day. */
export const reportDaysComplete =
  reportDaysPublished(CATTLE_ON_FEED_DAYS) && reportDaysPublished(HOGS_AND_PIGS_DAYS);

const fixed = (year: number, month: number, day: number, moveSaturday = true): string => {
  const date = utcToIsoDate(Date.UTC(year, month - 1, day));
  const wd = weekday(date);
  if (wd === 0) return addDays(date, 1);
  if (wd === 6) return moveSaturday ? addDays(date, -1) : "";
  return date;
};

/** The n-th (1-based; -1 = last) given weekday of a month. */
const nth = (year: number, month: number, wd: number, n: number): string => {
  if (n > 0) {
    const first = utcToIsoDate(Date.UTC(year, month - 1, 1));
    return addDays(first, ((wd - weekday(first) + 7) % 7) + (n - 1) * 7);
  }
  const last = utcToIsoDate(Date.UTC(year, month, 0));
  return addDays(last, -((weekday(last) - wd + 7) % 7));
};

/** Easter Sunday (anonymous Gregorian algorithm). */
const easter = (y: number): string => {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((8 * b + 13) / 25)) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcToIsoDate(Date.UTC(y, month - 1, day));
};

/** CME exchange holidays of a year (observed dates), by name. */
export function exchangeHolidays(year: number): { date: string; name: string }[] {
  return [
    { date: fixed(year, 1, 1, false), name: "New Year's Day" },
    { date: nth(year, 1, 1, 3), name: "Martin Luther King Jr. Day" },
    { date: nth(year, 2, 1, 3), name: "Presidents' Day" },
    { date: addDays(easter(year), -2), name: "Good Friday" },
    { date: nth(year, 5, 1, -1), name: "Memorial Day" },
    { date: fixed(year, 6, 19), name: "Juneteenth" },
    { date: fixed(year, 7, 4), name: "Independence Day" },
    { date: nth(year, 9, 1, 1), name: "Labor Day" },
    { date: nth(year, 11, 4, 4), name: "Thanksgiving" },
    { date: fixed(year, 12, 25), name: "Christmas" },
  ].filter((h) => h.date !== "");
}

/** Each year's holidays, computed once (a book import asks for every row's sales date). */
const HOLIDAYS_BY_YEAR = new Map<number, { date: string; name: string }[]>();

/** The holiday's name when `date` (YYYY-MM-DD) is a CME holiday, else null. */
export function exchangeHoliday(date: string): string | null {
  const year = new Date(isoDateToUtc(date)).getUTCFullYear();
  let holidays = HOLIDAYS_BY_YEAR.get(year);
  if (!holidays) {
    holidays = exchangeHolidays(year);
    HOLIDAYS_BY_YEAR.set(year, holidays);
  }
  return holidays.find((h) => h.date === date)?.name ?? null;
}

export const lrpSalesGroup = (commodityCode: string): LrpSalesGroup | null =>
  commodityCode === "0815" ? "swine" : commodityCode === "0801" || commodityCode === "0802" ? "cattle" : null;

const REPORT_NAME: Record<LrpSalesGroup, string> = {
  cattle: "USDA Cattle on Feed report day",
  swine: "USDA Hogs and Pigs report day",
};

const daysOf = (group: LrpSalesGroup) => (group === "cattle" ? CATTLE_ON_FEED_DAYS : HOGS_AND_PIGS_DAYS);

/**
 * Why LRP sales of the group are suspended on `date` (a published report day or a holiday), or null.
 * A derived (expected) report day suspends nothing: see ./report-days.ts.
 */
export function lrpSalesSuspension(date: string, group: LrpSalesGroup): string | null {
  if (daysOf(group).some((d) => d.date === date && d.basis === "published")) return REPORT_NAME[group];
  const holiday = exchangeHoliday(date);
  return holiday ? `exchange holiday (${holiday})` : null;
}

/** The group's next report day on or after `date` — published or derived, as its basis says — or null. */
export function nextReportDay(date: string, group: LrpSalesGroup): ReportDay | null {
  return daysOf(group).find((d) => d.date >= date) ?? null;
}
