import type { ClaimStatus, ClaimSummary } from "../../documents/claim";
import { daysBetween, isIsoDate } from "../../market/dates";

// A claim's filing deadline and its warnings (docs/claims.md). The due date itself is
// shared/book/dates.ts claimFilingDueDate.

/** The hub warns this many days before the filing due date (and marks an overdue claim). */
export const CLAIM_WARNING_DAYS = [14, 7, 2] as const;

export type FilingUrgency =
  | { level: "overdue"; daysLeft: number }
  | { level: "warn"; daysLeft: number; threshold: (typeof CLAIM_WARNING_DAYS)[number] }
  | { level: "ok"; daysLeft: number }
  | { level: "none" };

/**
 * How urgent a filing due date is on `today`: overdue once it has passed; "warn" within 14, 7 or 2
 * days (the smallest threshold reached); "none" without a due date (LGM).
 */
export function filingUrgency(filingDueDate: string | null, today: string): FilingUrgency {
  if (!isIsoDate(today)) throw new RangeError(`filingUrgency: expected today as YYYY-MM-DD, got "${today}"`);
  if (filingDueDate === null) return { level: "none" };
  const daysLeft = daysBetween(today, filingDueDate);
  if (daysLeft < 0) return { level: "overdue", daysLeft };
  const reached = [...CLAIM_WARNING_DAYS].sort((a, b) => a - b).find((d) => daysLeft <= d);
  return reached === undefined ? { level: "ok", daysLeft } : { level: "warn", daysLeft, threshold: reached };
}

/** Statuses after which the filing deadline no longer matters. */
const FILED: ReadonlySet<ClaimStatus> = new Set(["submitted", "paid", "denied"]);
export const isFiled = (status: ClaimStatus): boolean => FILED.has(status);

/** Claims not yet filed whose due date is overdue or within a warning threshold, most urgent first. */
export function claimWarnings(
  claims: readonly ClaimSummary[],
  today: string,
): { claim: ClaimSummary; urgency: FilingUrgency }[] {
  return claims
    .filter((c) => !isFiled(c.status))
    .map((claim) => ({ claim, urgency: filingUrgency(claim.filingDueDate, today) }))
    .filter(({ urgency }) => urgency.level === "overdue" || urgency.level === "warn")
    .sort((a, b) => (a.claim.filingDueDate ?? "").localeCompare(b.claim.filingDueDate ?? ""));
}
