import { useMemo } from "react";
import { Link } from "react-router";
import { claimWarnings, proposeClaims } from "../../../shared/book/claims";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import { formatDate, formatDollars } from "../../lib/format";
import type { BookIndex } from "../book";
import { commodityLabel, customerHref, PLAN_SHORT_LABELS, typeLabel } from "../book/record-labels";
import { Card } from "../ui/card";
import { claimHref, openClaimHref } from "./claim-documents";
import { ClaimDue } from "./claim-due";
import "./claims.css";

/**
 * The agent hub's claims (issue 11): every LRP endorsement whose RMA actual ending value (in the
 * market data on this device) shows an indemnity and that no claim names yet, with "Open a claim";
 * and open claims whose filing due date is 14, 7 or 2 days away or past.
 */
export function ClaimProposalsPanel({
  index,
  snapshot,
  today,
}: {
  index: BookIndex;
  snapshot: MarketSnapshot | null;
  today: string;
}) {
  const proposals = useMemo(
    () => proposeClaims(index.coverages, index.claims, snapshot, today),
    [index.coverages, index.claims, snapshot, today],
  );
  const warnings = useMemo(() => claimWarnings(index.claims, today), [index.claims, today]);
  const name = (id: string) => index.customerNames.get(id) ?? id;
  return (
    <Card className="agent-hub__panel" data-testid="hub-claim-proposals">
      <h2>
        Claims that pay <span className="agent-hub__count">({proposals.length})</span>
      </h2>
      <p className="claim-note">
        Ended LRP endorsements whose actual ending value, published by RMA, is below the coverage price. Open
        the claim before the filing due date (60 days after the end date).
      </p>
      {proposals.length === 0 ? (
        <p className="claim-note">
          {snapshot
            ? `No unclaimed endorsement pays at the actual ending values of ${formatDate(snapshot.asOf)}.`
            : "No market data on this device yet."}
        </p>
      ) : (
        <ul className="claim-list" data-testid="hub-proposals">
          {/* Every one, not the first few: each is money a producer is owed. */}
          {proposals.map((p) => (
            <li key={p.coverage.id} data-coverage={p.coverage.id}>
              <div className="claim-list__row">
                <strong>
                  {PLAN_SHORT_LABELS.lrp} {commodityLabel("lrp", p.coverage.commodity)} ·{" "}
                  {typeLabel("lrp", p.coverage.commodity, p.coverage.type)}
                </strong>
                <Link to={customerHref(p.coverage.customerId)}>{name(p.coverage.customerId)}</Link>
              </div>
              <div className="claim-list__row">
                <span className="claim-amount">{formatDollars(p.indemnity)}</span>
                <span>
                  ended {formatDate(p.coverage.endDate)} at ${p.actualEndingValue}/cwt
                </span>
                <ClaimDue filingDueDate={p.filingDueDate} today={today} />
                <Link to={openClaimHref(p.coverage.id)}>Open a claim</Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>Claim deadlines</h3>
      {warnings.length === 0 ? (
        <p className="claim-note">No open claim is due within 14 days.</p>
      ) : (
        <ul className="claim-list" data-testid="hub-claim-warnings">
          {warnings.map(({ claim }) => (
            <li key={claim.id}>
              <div className="claim-list__row">
                <Link to={claimHref(claim.id)}>
                  {name(claim.customerId)}: {typeLabel(claim.plan, claim.commodity, claim.type)}
                </Link>
                <span className="claim-amount">{formatDollars(claim.indemnity)}</span>
                <ClaimDue filingDueDate={claim.filingDueDate} today={today} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="claim-note">
        <Link to="/agent/claims">All claims</Link>
      </p>
    </Card>
  );
}
