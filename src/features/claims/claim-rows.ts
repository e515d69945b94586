import { type FilingUrgency, filingUrgency, isFiled } from "../../../shared/book/claims";
import type { ClaimStatus, ClaimSummary } from "../../../shared/documents/claim";
import { typeLabel } from "../../components/book/record-labels";

// The claims list's rows and filters (docs/claims.md), from the organisation document's claim summaries.

export interface ClaimRow {
  id: string;
  customerId: string;
  customer: string;
  plan: "lrp" | "lgm";
  what: string;
  endDate: string;
  filingDueDate: string | null;
  /** Null once filed (submitted, paid, denied) or for LGM. */
  urgency: FilingUrgency;
  overdue: boolean;
  indemnity: string;
  estimate: boolean;
  status: ClaimStatus;
}

export function claimRows(
  claims: readonly ClaimSummary[],
  customerNames: ReadonlyMap<string, string>,
  today: string,
): ClaimRow[] {
  return claims.map((c) => {
    const urgency: FilingUrgency = isFiled(c.status)
      ? { level: "none" }
      : filingUrgency(c.filingDueDate, today);
    return {
      id: c.id,
      customerId: c.customerId,
      customer: customerNames.get(c.customerId) ?? c.customerId,
      plan: c.plan,
      what: `${c.plan.toUpperCase()} ${typeLabel(c.plan, c.commodity, c.type)}`,
      endDate: c.endDate,
      filingDueDate: c.filingDueDate,
      urgency,
      overdue: urgency.level === "overdue",
      indemnity: c.indemnity,
      estimate: c.actualKind === "estimate",
      status: c.status,
    };
  });
}

export interface ClaimFilters {
  /** A status, "unfiled" (open) or "" for all. */
  status: string;
  plan: string;
  /** Only overdue or due within 14 days. */
  dueSoon: boolean;
}

export function filterClaimRows(rows: readonly ClaimRow[], f: ClaimFilters): ClaimRow[] {
  return rows.filter(
    (r) =>
      (f.status === "" || r.status === f.status) &&
      (f.plan === "" || r.plan === f.plan) &&
      (!f.dueSoon || r.urgency.level === "overdue" || r.urgency.level === "warn"),
  );
}
