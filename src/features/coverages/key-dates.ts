import { claimFilingDueDate, premiumDueDate, unpaidTerminationDate } from "../../../shared/book/dates";
import type { Coverage } from "../../../shared/documents/book";

// The dates an agent watches on a coverage. The rules (premium due, claim filing due) are
// shared/book/dates.ts's; this file only asks them for one record.

export interface KeyDates {
  /** When the producer premium is billed. */
  premiumDue: string;
  /** The last day to file a claim; null where the rule gives none (LGM). */
  claimFilingDue: string | null;
  /** The day the policy terminates if this premium is still unpaid (LRP); null for LGM. */
  terminatesIfUnpaid: string | null;
}

export const keyDates = (coverage: Coverage): KeyDates => ({
  premiumDue: premiumDueDate(coverage),
  claimFilingDue: claimFilingDueDate(coverage),
  terminatesIfUnpaid: unpaidTerminationDate(coverage),
});
