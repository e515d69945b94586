import { type CoverageStatus, nextStatuses, STATUS_LABELS, withStatus } from "../../../shared/book/status";
import type { Coverage } from "../../../shared/documents/book";

// What an agent may do to a coverage's status, as buttons: the transitions of shared/book/status.ts
// with the words of a coverage's life. Moving a coverage goes through withStatus (the one rule), and
// only the status, its reason and the stamps are written.

export const COVERAGE_ACTION_LABELS: Readonly<Record<CoverageStatus, string>> = {
  quoted: "Back to quoted",
  submitted: "Submit to the provider",
  accepted: "Mark accepted",
  ended: "Mark ended",
  claimed: "Mark claimed",
  paid: "Mark paid",
  cancelled: "Cancel coverage",
};

/** What each status means, for the record page. */
export const COVERAGE_STATUS_HELP: Readonly<Record<CoverageStatus, string>> = {
  quoted: "Priced from the day's offers; not yet sent to the insurance provider.",
  submitted: "Sent to the insurance provider; waiting for acceptance.",
  accepted: "Accepted by the insurance provider: the animals are covered until the end date.",
  ended: "The coverage period is over; a claim can be filed if the price fell below the coverage price.",
  claimed: "A claim has been filed.",
  paid: "The claim has been paid.",
  cancelled: "Cancelled: no longer covers anything. It stays in the book as a record.",
};

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

export const coverageNextStatuses = (status: string): readonly CoverageStatus[] =>
  nextStatuses("coverage", status);

/**
 * The fields a status change writes, checked by the shared transition rule (throws DomainError with
 * the rule's message when the move is not allowed). An empty reason removes a former one.
 */
export function statusChangeFields(
  record: Coverage,
  to: CoverageStatus,
  reason: string,
  stamp: { now: string; userId: string },
): { status: CoverageStatus; statusReason: string | undefined } {
  const trimmed = reason.trim();
  const moved = withStatus("coverage", record, to, stamp, trimmed || undefined);
  return { status: moved.status, statusReason: trimmed ? trimmed.slice(0, 500) : undefined };
}
