import type { ChecklistItem, ClaimRecord, ClaimStatus, ClaimSummary } from "../../documents/claim";
import { sortChecklist } from "./checklist";

// A claim's status moves and the summary the organisation and customer documents keep of it. The
// words for a status are the screen's (src/components/claims/claim-labels.ts).

/** open → submitted → paid | denied. */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  open: ["submitted"],
  submitted: ["paid", "denied"],
  paid: [],
  denied: [],
};

/** The coverage status a claim's status leads to (the coverage's own rules: ended → claimed → paid). */
export const COVERAGE_STATUS_FOR_CLAIM: Readonly<Partial<Record<ClaimStatus, "claimed" | "paid">>> = {
  submitted: "claimed",
  paid: "paid",
};

/** The summary of a claim for the organisation and customer documents. */
export function claimSummaryOf(
  claim: ClaimRecord,
  checklist: Readonly<Record<string, ChecklistItem>>,
): ClaimSummary {
  return {
    id: claim.id,
    customerId: claim.customerId,
    plan: claim.plan,
    coverageIds: [...claim.coverageIds],
    commodity: claim.commodity,
    type: claim.type,
    endDate: claim.endDate,
    filingDueDate: claim.filingDueDate,
    indemnity: claim.indemnity,
    actualKind: claim.actual.kind,
    status: claim.status,
    ...(claim.submittedAt ? { submittedAt: claim.submittedAt } : {}),
    ...(claim.paidAt ? { paidAt: claim.paidAt } : {}),
    ...(claim.paidAmount ? { paidAmount: claim.paidAmount } : {}),
    needed: sortChecklist(Object.values(checklist))
      .filter((item) => item.from === "producer" && item.status === "needed")
      .map((item) => item.label),
    updatedAt: claim.updatedAt,
  };
}
