import { useMemo } from "react";
import { Link } from "react-router";
import { claimWarnings, type HubProposal, hubProposals, proposeClaims } from "../../../shared/book/claims";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import { formatDate, formatDollars } from "../../lib/format";
import type { BookIndex } from "../book";
import { commodityLabel, customerHref, PLAN_SHORT_LABELS, typeLabel } from "../book/record-labels";
import { Card } from "../ui/card";
import { claimHref, openClaimHref } from "./claim-documents";
import { ClaimDue } from "./claim-due";
import { useServerClaimProposals } from "./use-claim-proposals";
import "./claims.css";

/**
 * The hub's "Claims that pay": this device's LRP proposals from its market data and the server's
 * recorded ones (LRP and LGM), merged (shared/book/claims.ts hubProposals).
 */
export function useHubProposals(index: BookIndex, snapshot: MarketSnapshot | null, today: string) {
  const server = useServerClaimProposals();
  return useMemo(
    () =>
      hubProposals(
        proposeClaims(index.coverages, index.claims, snapshot, today),
        server,
        index.coverages,
        index.claims,
        today,
      ),
    [index.coverages, index.claims, snapshot, server, today],
  );
}

/**
 * The agent hub's claims (docs/claims.md): every endorsement no claim names yet that pays at the actual
 * values — LRP from RMA's actual ending value in the market data on this device, LRP and LGM as the
 * server recorded them after the last published snapshot — with "Open a claim"; and open claims whose
 * filing due date is 14, 7 or 2 days away or past.
 */
export function ClaimProposalsPanel({
  index,
  snapshot,
  proposals,
  today,
}: {
  index: BookIndex;
  snapshot: MarketSnapshot | null;
  /** useHubProposals(index, snapshot, today). */
  proposals: readonly HubProposal[];
  today: string;
}) {
  const warnings = useMemo(() => claimWarnings(index.claims, today), [index.claims, today]);
  // LRP endorsements of one customer, type and end date go into one claim: say so on each of them.
  const together = useMemo(() => {
    const key = (p: HubProposal) =>
      `${p.coverage.customerId} ${p.coverage.commodity} ${p.coverage.type} ${p.coverage.endDate}`;
    const counts = new Map<string, number>();
    for (const p of proposals) if (p.plan === "lrp") counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
    return (p: HubProposal) => (p.plan === "lrp" ? (counts.get(key(p)) ?? 1) : 1);
  }, [proposals]);
  const name = (id: string) => index.customerNames.get(id) ?? id;
  return (
    <Card className="agent-hub__panel" data-testid="hub-claim-proposals">
      <h2>
        Claims that pay <span className="agent-hub__count">({proposals.length})</span>
      </h2>
      <p className="claim-note">
        Ended endorsements that pay and have no claim yet: LRP when RMA's actual ending value is below the
        coverage price (file within 60 days after the end date), LGM when the actual gross margin is below the
        guarantee.
      </p>
      {proposals.length === 0 ? (
        <p className="claim-note">
          {snapshot
            ? `No unclaimed endorsement pays at the actual values of ${formatDate(snapshot.asOf)}.`
            : "No market data on this device yet."}
        </p>
      ) : (
        <ul className="claim-list" data-testid="hub-proposals">
          {/* Every one, not the first few: each is money a producer is owed. */}
          {proposals.map((p) => (
            <li key={p.coverage.id} data-coverage={p.coverage.id} data-plan={p.plan}>
              <div className="claim-list__row">
                {/* HUB1: the row's title opens the claim form, one click from the claim. */}
                <Link to={openClaimHref(p.coverage.id)} className="claim-list__title">
                  <strong>
                    {PLAN_SHORT_LABELS[p.plan]} {commodityLabel(p.plan, p.coverage.commodity)} ·{" "}
                    {typeLabel(p.plan, p.coverage.commodity, p.coverage.type)}
                  </strong>
                </Link>
                <Link to={customerHref(p.coverage.customerId)}>{name(p.coverage.customerId)}</Link>
              </div>
              <div className="claim-list__row">
                <span>
                  Indemnity <span className="claim-amount">{formatDollars(p.indemnity)}</span>
                  {p.plan === "lgm" ? " (if the targets were marketed)" : ""}
                </span>
                <span>
                  {p.plan === "lrp"
                    ? `ended ${formatDate(p.coverage.endDate)}; actual ending value ${formatDollars(p.actualValue, { cents: true })}/cwt`
                    : `ended ${formatDate(p.coverage.endDate)}; actual gross margin ${formatDollars(p.actualValue)}`}
                </span>
                {p.filingDueDate ? <ClaimDue filingDueDate={p.filingDueDate} today={today} /> : null}
                <Link to={openClaimHref(p.coverage.id)}>Open a claim</Link>
              </div>
              {together(p) > 1 ? (
                <p className="claim-note" data-testid="proposal-together">
                  This customer has {together(p)} endorsements of this type ending that day: one claim can
                  name them all.
                </p>
              ) : null}
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
