import { useState } from "react";
import { Link, useParams } from "react-router";
import { computeLrpClaim, isFiled, lgmProration } from "../../../shared/book/claims";
import type { LgmEndorsement, LrpCoverage } from "../../../shared/documents/book";
import { SAMPLE_MARKET_LABEL } from "../../../shared/market/snapshot";
import { RecordHistory, useBookIndex, useCustomerBook } from "../../components/book";
import { coverageHref, customerHref, typeLabel } from "../../components/book/record-labels";
import { useToday } from "../../components/book/use-today";
import { ClaimDue } from "../../components/claims";
import { RecordNotFound } from "../../components/records";
import { SharedTextInput } from "../../components/shared-text";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../lib/format";
import { useDeviceMarket } from "../../lib/sync";
import { ChecklistCard } from "./checklist-card";
import { claimHistoryLines } from "./claim-history-words";
import { IndemnityFigures } from "./indemnity-figures";
import { StatusCard } from "./status-card";
import { type ClaimView, useClaim } from "./use-claim";
import "../../components/claims/claims.css";
import "./claims.css";

const FIELD_LABELS: Record<string, string> = {
  status: "status",
  submittedAt: "date submitted",
  submittedAmount: "amount claimed",
  paidAt: "date paid",
  paidAmount: "amount paid",
  deniedAt: "date denied",
  deniedReason: "reason for the denial",
  indemnity: "indemnity",
  actual: "actual value",
  net: "net",
};

/** /agent/claims/{claimId} — one claim: indemnity and its source, documents, status, notes, history. */
export default function ClaimPage() {
  const { claimId = null } = useParams();
  const view = useClaim(claimId);
  const today = useToday();
  const index = useBookIndex();
  const book = useCustomerBook(view.summary?.customerId ?? null);
  if (!view.summary) {
    if (!view.indexLoaded) return <p role="status">Loading the book…</p>;
    return (
      <RecordNotFound
        what={`There is no claim "${claimId ?? ""}" in your organisation's book.`}
        backTo="/agent/claims"
        backLabel="Back to the claims"
      />
    );
  }
  if (!view.loaded) return <p role="status">Loading the claim…</p>;
  const claim = view.claim;
  if (!claim)
    return (
      <Alert tone="warning" title="This claim was written before claims had their full shape">
        Its content is kept as it was. Open a new claim from the endorsement's page to have the indemnity
        worked out.
      </Alert>
    );
  const customerName = book.profile?.name ?? index.customerNames.get(claim.customerId) ?? claim.customerId;
  return (
    <div className="claim" data-testid="claim-page">
      <header>
        <h2>
          <Link to={customerHref(claim.customerId)}>{customerName}</Link>: {claim.plan.toUpperCase()}{" "}
          {typeLabel(claim.plan, claim.commodity, claim.type)}
        </h2>
        <p className="claim-note">
          Ended {formatDate(claim.endDate)} ·{" "}
          {claim.coverageIds.map((id, i) => (
            <span key={id}>
              {i > 0 ? ", " : ""}
              <Link to={coverageHref(claim.plan, id)} data-testid="claim-endorsement-link">
                endorsement{claim.coverageIds.length > 1 ? ` ${i + 1}` : ""}
              </Link>
            </span>
          ))}{" "}
          · <ClaimDue filingDueDate={claim.filingDueDate} today={today} filed={isFiled(claim.status)} />
        </p>
      </header>
      <IndemnityCard view={view} today={today} coverages={book.coverages} />
      <StatusCard view={view} claim={claim} book={book} today={today} />
      {claimId ? <ChecklistCard view={view} claimId={claimId} /> : null}
      <NotesCard view={view} />
      {view.orgId && claimId ? (
        <RecordHistory
          customerId={claim.customerId}
          url={`/api/orgs/${encodeURIComponent(view.orgId)}/claims/${encodeURIComponent(claimId)}/history`}
          changedAt={claim.updatedAt}
          title="History of this claim"
          eventLines={(groups) =>
            claimHistoryLines(groups, {
              checklist: new Map(view.checklist.map((i) => [i.id, i.label])),
              attachments: new Map(
                view.attachments.map((a) => [
                  a.id,
                  { name: a.name, ...(a.itemId ? { itemId: a.itemId } : {}) },
                ]),
              ),
              fieldLabel: (field) => FIELD_LABELS[field] ?? field,
            })
          }
        />
      ) : null}
    </div>
  );
}

function IndemnityCard({
  view,
  today,
  coverages,
}: {
  view: ClaimView;
  today: string;
  coverages: Record<string, unknown>;
}) {
  const market = useDeviceMarket();
  const [problem, setProblem] = useState<string | null>(null);
  const claim = view.claim;
  if (!claim) return null;
  const lrp = claim.coverageIds
    .map((id) => coverages[id] as LrpCoverage | undefined)
    .filter((c): c is LrpCoverage => c?.plan === "lrp");
  // Recompute from today's market data (an estimate becomes RMA's actual value once it is published).
  const canRecompute =
    claim.plan === "lrp" &&
    claim.status === "open" &&
    !view.readOnly &&
    lrp.length === claim.coverageIds.length;
  const recompute = () => {
    try {
      const next = computeLrpClaim({ coverages: lrp, snapshot: market.current, today });
      view.patch({
        actual: next.actual,
        indemnity: next.indemnity,
        producerPremium: next.producerPremium,
        net: next.net,
        computedAt: new Date().toISOString(),
      });
      setProblem(null);
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Card aria-labelledby="claim-indemnity-title">
      <h2 id="claim-indemnity-title">Indemnity</h2>
      <IndemnityFigures
        claim={claim}
        lgm={lgmFigures(claim, coverages)}
        sample={market.current?.label === SAMPLE_MARKET_LABEL}
      />
      {canRecompute ? (
        <div className="claims__actions">
          <Button variant="secondary" onClick={recompute}>
            Recompute from the market data of{" "}
            {market.current ? formatDate(market.current.asOf) : "this device"}
          </Button>
        </div>
      ) : null}
      {problem ? <Alert tone="warning">{problem}</Alert> : null}
    </Card>
  );
}

/** An LGM claim's indemnity with and without proration, when its endorsement is on the device. */
function lgmFigures(claim: NonNullable<ClaimView["claim"]>, coverages: Record<string, unknown>) {
  const endorsement = coverages[claim.coverageIds[0] ?? ""] as LgmEndorsement | undefined;
  if (claim.plan !== "lgm" || !claim.lgm || endorsement?.plan !== "lgm") return null;
  try {
    return lgmProration(endorsement, claim.lgm.actualGrossMargins, claim.lgm.actualMarketings);
  } catch {
    return null;
  }
}

function NotesCard({ view }: { view: ClaimView }) {
  // The note just added: its input takes the focus once it is on the screen.
  const [added, setAdded] = useState<string | null>(null);
  return (
    <Card aria-labelledby="claim-notes-title">
      <h2 id="claim-notes-title">Notes</h2>
      <p className="claim-note">
        The producer named by the claim can read its notes. Everyone with the claim open sees a note as it is
        typed.
      </p>
      {view.notes.length === 0 ? <p className="claim-note">No notes yet.</p> : null}
      <ul className="claim__notes">
        {view.notes.map((n, i) => (
          <li key={n.id} data-testid="claim-note">
            {view.readOnly ? (
              <p className="claim__note-text">{n.text}</p>
            ) : (
              <div className="claims__field">
                <label htmlFor={`claim-note-${n.id}`}>
                  Note {i + 1}
                  {n.updatedAt ? `, added ${formatDate(n.updatedAt.slice(0, 10))}` : ""}
                </label>
                <SharedTextInput
                  multiline
                  rows={3}
                  maxLength={20_000}
                  source={view.noteText(n.id)}
                  fallback={n.text}
                  autoFocus={n.id === added}
                  id={`claim-note-${n.id}`}
                />
              </div>
            )}
          </li>
        ))}
      </ul>
      {view.readOnly ? null : (
        <div className="claims__actions">
          <Button variant="secondary" onClick={() => setAdded(view.addNote())}>
            Add a note
          </Button>
        </div>
      )}
    </Card>
  );
}
