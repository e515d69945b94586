import type { FilingUrgency } from "../../../shared/book/claims";
import type { ClaimStatus } from "../../../shared/documents/claim";

// Words for a claim's status and its filing deadline, the same on every screen (the book's rules
// travel as codes: shared/book/claims).

const CLAIM_STATUS_LABELS: Readonly<Record<ClaimStatus, string>> = {
  open: "Open",
  submitted: "Submitted to the insurance provider",
  paid: "Paid",
  denied: "Denied",
};

export const claimStatusLabel = (status: ClaimStatus): string => CLAIM_STATUS_LABELS[status];

/** "overdue by 3 days", "due today", "due in 5 days", "" (no due date). */
export function urgencyText(urgency: FilingUrgency): string {
  if (urgency.level === "none") return "";
  const d = urgency.daysLeft;
  if (urgency.level === "overdue") return `overdue by ${-d} ${-d === 1 ? "day" : "days"}`;
  if (d === 0) return "due today";
  return `due in ${d} ${d === 1 ? "day" : "days"}`;
}

/** The tone a deadline is shown in: overdue and 2 days red, 7 and 14 days amber. */
export function urgencyTone(urgency: FilingUrgency): "overdue" | "urgent" | "soon" | "ok" {
  if (urgency.level === "overdue") return "overdue";
  if (urgency.level === "warn") return urgency.threshold === 2 ? "urgent" : "soon";
  return "ok";
}
