import { addDays, isoDateToUtc, utcToIsoDate, weekday } from "./dates";

// USDA NASS report days on which LRP sales are suspended (DOMAIN.md): Cattle on Feed (monthly) stops
// cattle sales, the quarterly Hogs and Pigs report stops swine sales. Data with its source, 2025–2027.
//
// Two kinds of day, never mixed up:
// - "published": a dated public source names the release day (the source is quoted). These suspend
//   sales: the feed leaves that group's offers of the day out, an endorsement that day is refused.
// - "derived": NASS's release calendar for 2026 and 2027 was NOT found with the search tool, so every
//   other month's (quarter's) day is worked out by the rule below from the release days the sources
//   show. A derived day is an estimate: the screens say "expected" and point to NASS's calendar, and it
//   suspends nothing (a wrong guess must not hide real offers; on a real report day RMA publishes no
//   offers for the group anyway). Replace a derived day by a published one when a source names it.

export type ReportBasis = "published" | "derived";
export interface ReportDay {
  date: string;
  basis: ReportBasis;
  /** The source quoted, or the rule the date comes from. */
  source: string;
}

/** Cattle on Feed release days named by a dated source. */
const COF_PUBLISHED: readonly Omit<ReportDay, "basis">[] = [
  {
    date: "2025-08-22",
    source:
      "LMIC, Livestock Monitor 2025-08-29: 'USDA-NASS released its August Cattle on Feed report August 22'",
  },
  {
    date: "2026-01-23",
    source: "Oklahoma Farm Report 2026-01-20: 'set to be released on Friday, January 23rd'",
  },
];

/** Quarterly Hogs and Pigs release days named by a dated source. */
const HP_PUBLISHED: readonly Omit<ReportDay, "basis">[] = [
  {
    date: "2025-12-23",
    source: "MarketMinute: 'released its quarterly Hogs and Pigs report on December 23, 2025'",
  },
];

export const COF_RULE =
  "derived: the Friday on the 18th–24th of the month (every dated Cattle on Feed release found fits it: " +
  "2018-03-23, 2019-03-22, 2021-09-24, 2022-11-18, 2024-11-22, 2025-08-22, 2026-01-23); on a federal " +
  "holiday, the Thursday before";
export const HP_RULE =
  "derived: the last Thursday of March, June and September (dated releases found: 2018-03-29, 2018-09-27, " +
  "2019-03-28, 2020-03-26, 2021-03-25, 2022-09-29, 2023-03-30 fit; 2019-09-27, 2021-09-24 and 2022-06-29 did not) and the " +
  "weekday before December 24 (2022-12-23 and 2025-12-23 fit; 2018-12-20 did not)";

/** Fridays that are federal holidays (observed) in 2025–2027. */
const federalFridayOff = (date: string): boolean =>
  ["2025-07-04", "2026-07-03", "2026-12-25", "2027-06-18", "2027-12-24", "2027-12-31"].includes(date);

const ymd = (year: number, month: number, day: number) => utcToIsoDate(Date.UTC(year, month - 1, day));

/** The Cattle on Feed day of a month by COF_RULE. */
export function derivedCattleOnFeed(year: number, month: number): string {
  const eighteenth = ymd(year, month, 18);
  const friday = addDays(eighteenth, (5 - weekday(eighteenth) + 7) % 7);
  return federalFridayOff(friday) ? addDays(friday, -1) : friday;
}

/** The Hogs and Pigs day of a quarter's last month (3, 6, 9, 12) by HP_RULE. */
export function derivedHogsAndPigs(year: number, month: 3 | 6 | 9 | 12): string {
  if (month === 12) {
    let day = ymd(year, 12, 23);
    while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, -1);
    return day;
  }
  const last = utcToIsoDate(Date.UTC(year, month, 0));
  return addDays(last, -((weekday(last) - 4 + 7) % 7));
}

const monthOf = (date: string) => date.slice(0, 7);
const yearOf = (date: string) => new Date(isoDateToUtc(date)).getUTCFullYear();

/** Published days, and for every other month (quarter) of 2026–2027 the derived one. */
function build(
  published: readonly Omit<ReportDay, "basis">[],
  months: readonly number[],
  derive: (year: number, month: number) => string,
  rule: string,
): ReportDay[] {
  const days: ReportDay[] = published.map((d) => ({ ...d, basis: "published" }));
  const covered = new Set(published.map((d) => monthOf(d.date)));
  for (const year of [2026, 2027])
    for (const month of months) {
      const date = derive(year, month);
      if (!covered.has(monthOf(date))) days.push({ date, basis: "derived", source: rule });
    }
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

export const CATTLE_ON_FEED_DAYS: readonly ReportDay[] = build(
  COF_PUBLISHED,
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  derivedCattleOnFeed,
  COF_RULE,
);
export const HOGS_AND_PIGS_DAYS: readonly ReportDay[] = build(
  HP_PUBLISHED,
  [3, 6, 9, 12],
  (y, m) => derivedHogsAndPigs(y, m as 3 | 6 | 9 | 12),
  HP_RULE,
);

/** The years every month (quarter) has a day, published or derived. */
export const REPORT_YEARS = [2026, 2027] as const;
export const reportYearCovered = (date: string): boolean =>
  (REPORT_YEARS as readonly number[]).includes(yearOf(date));
