import type { ClaimSummary } from "../../../shared/documents/claim";
import { formatDate, formatDollars } from "../../lib/format";
import { typeLabel } from "../book/record-labels";
import { Card } from "../ui/card";
import { claimStatusLabel } from "./claim-labels";
import "./claims.css";

/**
 * My coverages (the producer, read-only): each of their claims with the amount, the status and what
 * is still needed from them (docs/claims.md). From the customer document's claim summaries, so offline too.
 */
export function MyClaims({ claims }: { claims: Readonly<Record<string, ClaimSummary>> }) {
  const list = Object.values(claims).sort(
    (a, b) => b.endDate.localeCompare(a.endDate) || a.id.localeCompare(b.id),
  );
  if (list.length === 0) return null;
  return (
    <Card aria-labelledby="my-claims-title" data-testid="my-claims">
      <h2 id="my-claims-title">Your claims</h2>
      <ul className="claim-list">
        {list.map((c) => (
          <li key={c.id} data-testid="my-claim" data-claim={c.id} data-status={c.status}>
            <div className="claim-list__row">
              <strong>
                {c.plan.toUpperCase()} {typeLabel(c.plan, c.commodity, c.type)}, ended {formatDate(c.endDate)}
              </strong>
            </div>
            <div className="claim-list__row">
              <span>
                {c.status === "paid" && c.paidAmount ? "Paid " : "Indemnity "}
                <span className="claim-amount">
                  {c.status === "paid" && c.paidAmount
                    ? formatDollars(c.paidAmount, { cents: true })
                    : formatDollars(c.indemnity)}
                </span>
                {c.actualKind === "estimate" && c.status !== "paid" ? " (estimate)" : ""}
              </span>
              <span>
                Status: <strong>{claimStatusLabel(c.status)}</strong>
                {c.status === "paid" && c.paidAt ? ` on ${formatDate(c.paidAt)}` : ""}
                {c.status === "submitted" && c.submittedAt ? ` on ${formatDate(c.submittedAt)}` : ""}
              </span>
            </div>
            {c.needed.length > 0 && (c.status === "open" || c.status === "submitted") ? (
              <div data-testid="my-claim-needed">
                <p className="claim-note">Your agent still needs from you:</p>
                <ul>
                  {c.needed.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              </div>
            ) : c.status === "open" || c.status === "submitted" ? (
              <p className="claim-note">Your agent has every document needed from you.</p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
