import { addDays, isoDateToUtc, utcToIsoDate, weekday } from "./dates";

// USDA NASS report days on which LRP sales are suspended (DOMAIN.md): Cattle on Feed (monthly) stops
// cattle sales, the quarterly Hogs and Pigs report stops swine sales. Data with its source, 2025–2027
// (docs/market-data.md, "The sales calendar", lists each source with its address and the date read).
//
// Two kinds of day, never mixed up:
// - "published": a release calendar or a dated public source names the release day (quoted below).
//   These suspend sales: the feed leaves that group's offers of the day out, an endorsement that day is
//   refused. Cattle on Feed 2026 is a whole published calendar (USDA's 2026 schedule).
// - "derived": the FALLBACK for a month (quarter) of a year with no published calendar found — Cattle
//   on Feed 2027, Hogs and Pigs 2026 and 2027. The day is worked out by the rule below from past release
//   days. A derived day is an estimate: the screens say "expected" and point to NASS's calendar, and it
//   suspends nothing (a wrong guess must not hide real offers; on a real report day RMA publishes no
//   offers for the group anyway). Replace it with a published day when a calendar names it.

export type ReportBasis = "published" | "derived";
export interface ReportDay {
  date: string;
  basis: ReportBasis;
  /** The source quoted, or the rule the date comes from. */
  source: string;
  /** Where the date comes from, in a few words for the screens ("USDA's 2026 release calendar"). */
  from: string;
}

/** Where the 2026 Cattle on Feed calendar comes from (docs/market-data.md, "The sales calendar"). */
export const COF_2026_SOURCE =
  "USDA's 2026 release schedule (usda.gov/media/agency-reports), as listed in the public repository " +
  "torealden/RLC-Agent, rlc_scheduler/agent_scheduler.py, 'cattle_on_feed' dates_2026 (read 2026-11-23)";

/** Cattle on Feed release days: the 2026 calendar, and 2025 days named by a dated source. */
const COF_PUBLISHED: readonly Omit<ReportDay, "basis">[] = [
  {
    date: "2025-08-22",
    from: "LMIC's Livestock Monitor",
    source:
      "LMIC, Livestock Monitor 2025-08-29: 'USDA-NASS released its August Cattle on Feed report August 22'",
  },
  ...[
    "2026-01-23",
    "2026-02-20",
    "2026-03-20",
    "2026-04-17",
    "2026-05-22",
    "2026-06-18",
    "2026-07-24",
    "2026-08-21",
    "2026-09-18",
    "2026-10-23",
    "2026-11-20",
    "2026-12-18",
  ].map((date) => ({ date, source: COF_2026_SOURCE, from: "USDA's 2026 release calendar" })),
];

/** Quarterly Hogs and Pigs release days named by a dated source. */
const HP_PUBLISHED: readonly Omit<ReportDay, "basis">[] = [
  {
    date: "2025-12-23",
    from: "MarketMinute",
    source: "MarketMinute: 'released its quarterly Hogs and Pigs report on December 23, 2025'",
  },
];

export const COF_RULE =
  "derived (no published calendar for this year): the Friday on the 18th–24th of the month; on a federal " +
  "holiday, the Thursday before (read off the dated releases 2018-03-23, 2019-03-22, 2021-09-24, " +
  "2022-11-18, 2024-11-22, 2025-08-22, 2026-01-23; against USDA's 2026 calendar it gives 11 of 12 days, " +
  "2026-04-17 being a week earlier than the rule)";
export const HP_RULE =
  "derived (no published calendar for this year): the last Thursday of March, June and September (dated releases found: 2018-03-29, 2018-09-27, " +
  "2019-03-28, 2020-03-26, 2021-03-25, 2022-09-29, 2023-03-30 fit; 2019-09-27, 2021-09-24 and 2022-06-29 did not) and the " +
  "weekday before December 24 (2022-12-23 and 2025-12-23 fit; 2018-12-20 did not)";

/** Fridays that are federal holidays (observed) in 2025–2027. */
const federalFridayOff = (date: string): boolean =>
  ["2025-07-04", "2026-06-19", "2026-07-03", "2026-12-25", "2027-06-18", "2027-12-24", "2027-12-31"].includes(
    date,
  );

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

/** Published days, and for every other month (quarter) of 2026–2027 the fallback (derived) one. */
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
      if (!covered.has(monthOf(date)))
        days.push({ date, basis: "derived", source: rule, from: "estimated from past release days" });
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

/** True when every report day of REPORT_YEARS is published (no fallback left). */
export const reportDaysPublished = (days: readonly ReportDay[]): boolean =>
  days
    .filter((d) => (REPORT_YEARS as readonly number[]).includes(yearOf(d.date)))
    .every((d) => d.basis === "published");
export const reportYearCovered = (date: string): boolean =>
  (REPORT_YEARS as readonly number[]).includes(yearOf(date));
