import { addDays, addMonths, daysBetween, firstDayOfMonth, isIsoDate, yearMonthOf } from "../market/dates";
import { centralDateOf } from "../pricing/sales-window";
import type { CoverageStatus } from "./statuses";

// The dates an agency works to (DOMAIN.md "The book, claims and outreach"), and the agent hub's
// "what needs me today" filters. Pure: "today" is passed in (todayCentral turns a clock reading into
// the date in Central time, the time zone of RMA's sales calendar).
// - LRP premium: billed the 1st of the month after the end date for crop years 2021–2025, the 1st of
//   the second month after it from crop year 2026.
// - LRP termination date: August 31 through crop year 2025, September 30 from 2026; unpaid premium
//   terminates the policy on the first one on or after the due date.
// - LGM premium: due at the end of the insurance period (the endorsement's end date).
// - LRP claim (Notice of Probable Loss): filed within 60 days after the end date — "(2nd)": seen only
//   in secondary material, kept as data with that note (docs/agent-book.md).

/** What the date rules need of a coverage: a full record (book.ts) or its summary both fit. */
export interface DatedCoverage {
  plan: "lrp" | "lgm";
  cropYear: number;
  endDate: string;
  status: CoverageStatus;
}

export interface LrpPremiumBillingRule {
  fromCropYear: number;
  /** Billed on the 1st of the month this many months after the end date's month. */
  monthsAfterEndMonth: number;
  source: string;
}

export const LRP_PREMIUM_BILLING: readonly LrpPremiumBillingRule[] = [
  { fromCropYear: 2021, monthsAfterEndMonth: 1, source: "RMA LRP policy, CY2021–2025 (DOMAIN.md)" },
  { fromCropYear: 2026, monthsAfterEndMonth: 2, source: "RMA LRP policy, from CY2026 (DOMAIN.md)" },
];

export interface LrpTerminationRule {
  fromCropYear: number;
  /** The policy's termination date each year, MM-DD. */
  monthDay: string;
  source: string;
}

/**
 * The LRP termination date: a policy whose premium is still unpaid terminates on the first termination
 * date on or after the premium due date (the coverage's crop year picks the rule).
 */
export const LRP_TERMINATION: readonly LrpTerminationRule[] = [
  { fromCropYear: 2021, monthDay: "08-31", source: "RMA LRP policy, through CY2025: August 31 (DOMAIN.md)" },
  {
    fromCropYear: 2026,
    monthDay: "09-30",
    source: "RMA release, Oct 2025: from CY2026 September 30 (DOMAIN.md)",
  },
];

export const LRP_CLAIM_FILING = {
  daysAfterEndDate: 60,
  source:
    "(2nd) secondary material only: filing within 60 days after the end date; not found in a primary text",
} as const;

/** Today's date in Central time for a clock reading. */
export const todayCentral = (now: Date): string => centralDateOf(now);

/**
 * The premium due date of a coverage: LRP by the billing rule of its crop year (crop years before 2021
 * use the 2021 rule), LGM its end date (the end of the insurance period).
 * @example premiumDueDate({ plan: "lrp", cropYear: 2026, endDate: "2027-05-21", status: "accepted" }) // "2027-07-01"
 */
export function premiumDueDate(coverage: DatedCoverage): string {
  if (coverage.plan === "lgm") return coverage.endDate;
  const rule = ruleOf(LRP_PREMIUM_BILLING, coverage.cropYear);
  return firstDayOfMonth(addMonths(yearMonthOf(coverage.endDate), rule.monthsAfterEndMonth));
}

/** The rule of a crop year in a list keyed by first crop year (earlier years take the earliest rule). */
function ruleOf<T extends { fromCropYear: number }>(rules: readonly T[], cropYear: number): T {
  const sorted = [...rules].sort((a, b) => b.fromCropYear - a.fromCropYear);
  const rule = sorted.find((r) => r.fromCropYear <= cropYear) ?? sorted[sorted.length - 1];
  if (!rule) throw new Error("ruleOf: no rules");
  return rule;
}

/**
 * The date an LRP policy terminates if this coverage's premium is still unpaid: the first termination
 * date (LRP_TERMINATION of its crop year) on or after the premium due date; null for LGM.
 * @example unpaidTerminationDate({ plan: "lrp", cropYear: 2026, endDate: "2026-05-21", status: "accepted" }) // "2026-09-30"
 */
export function unpaidTerminationDate(coverage: DatedCoverage): string | null {
  if (coverage.plan !== "lrp") return null;
  const due = premiumDueDate(coverage);
  const { monthDay } = ruleOf(LRP_TERMINATION, coverage.cropYear);
  const sameYear = `${due.slice(0, 4)}-${monthDay}`;
  return sameYear >= due ? sameYear : `${Number(due.slice(0, 4)) + 1}-${monthDay}`;
}

/** The last day to file an LRP claim (end date + 60 days, LRP_CLAIM_FILING); null for LGM. */
export function claimFilingDueDate(coverage: DatedCoverage): string | null {
  return coverage.plan === "lrp" ? addDays(coverage.endDate, LRP_CLAIM_FILING.daysAfterEndDate) : null;
}

/** Days from `today` to the end date: 0 on the end date, negative once it has passed. */
export function daysToEndDate(coverage: Pick<DatedCoverage, "endDate">, today: string): number {
  if (!isIsoDate(today)) throw new RangeError(`daysToEndDate: expected today as YYYY-MM-DD, got "${today}"`);
  return daysBetween(today, coverage.endDate);
}

/** A coverage the hub lists, with the date that puts it there and the days left until it. */
export interface DueItem<T> {
  coverage: T;
  date: string;
  daysLeft: number;
}

const STILL_COVERED: ReadonlySet<CoverageStatus> = new Set(["quoted", "submitted", "accepted"]);
/** Statuses whose premium is owed: bought (accepted) and after. */
const PREMIUM_OWED: ReadonlySet<CoverageStatus> = new Set(["accepted", "ended", "claimed", "paid"]);
/** Statuses of an endorsement that may still need its claim filed. */
const CLAIM_NOT_FILED: ReadonlySet<CoverageStatus> = new Set(["accepted", "ended"]);

function within<T extends DatedCoverage>(
  coverages: Iterable<T>,
  today: string,
  days: number,
  keep: (c: T) => boolean,
  dateOf: (c: T) => string | null,
): DueItem<T>[] {
  if (!isIsoDate(today)) throw new RangeError(`expected today as YYYY-MM-DD, got "${today}"`);
  const last = addDays(today, days);
  const out: DueItem<T>[] = [];
  for (const coverage of coverages) {
    if (!keep(coverage)) continue;
    const date = dateOf(coverage);
    if (date === null || date < today || date > last) continue;
    out.push({ coverage, date, daysLeft: daysBetween(today, date) });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Endorsements still in force (quoted, submitted, accepted) whose end date is from today to `days`
 * days ahead (default 30), soonest first.
 */
export function endingWithin<T extends DatedCoverage>(
  coverages: Iterable<T>,
  today: string,
  days = 30,
): DueItem<T>[] {
  return within(
    coverages,
    today,
    days,
    (c) => STILL_COVERED.has(c.status),
    (c) => c.endDate,
  );
}

/**
 * LRP endorsements that have ended (end date before today), are accepted or ended but not yet claimed,
 * and whose claim filing deadline is from today to `days` days ahead (default 60: every open
 * deadline), soonest deadline first. Whether a claim pays is the estimate's business (estimate.ts).
 */
export function claimsToFileSoon<T extends DatedCoverage>(
  coverages: Iterable<T>,
  today: string,
  days = 60,
): DueItem<T>[] {
  return within(
    coverages,
    today,
    days,
    (c) => c.plan === "lrp" && CLAIM_NOT_FILED.has(c.status) && c.endDate < today,
    claimFilingDueDate,
  );
}

/** Bought endorsements (accepted and after) whose premium falls due from today to `days` ahead (default 30). */
export function premiumsComingDue<T extends DatedCoverage>(
  coverages: Iterable<T>,
  today: string,
  days = 30,
): DueItem<T>[] {
  return within(coverages, today, days, (c) => PREMIUM_OWED.has(c.status), premiumDueDate);
}
