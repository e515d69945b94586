import type { ComputedClaim } from "../../../shared/book/claims";
import { formatDate, formatDollars } from "../../lib/format";

const SOURCE_WORDS: Record<ComputedClaim["actual"]["source"], string> = {
  "rma-actual": "RMA's published actual ending value",
  estimate: "an estimate from the latest market data",
  "rma-actual-margins": "RMA's actual gross margins, typed by the agent",
  entered: "RMA's actual ending value, typed by the agent",
};

/** The indemnity and where its actual value came from; an estimate is always labelled so. */
export function IndemnityFigures({ claim }: { claim: ComputedClaim }) {
  const estimate = claim.actual.kind === "estimate";
  return (
    <dl className="claims__figures" data-testid="indemnity-figures">
      <div>
        <dt>Indemnity{estimate ? " (estimate)" : ""}</dt>
        <dd className="claim-amount" data-testid="claim-indemnity">
          {formatDollars(claim.indemnity)}
        </dd>
      </div>
      <div>
        <dt>{claim.plan === "lrp" ? "Actual ending value" : "Actual total gross margin"}</dt>
        <dd>
          {claim.plan === "lrp"
            ? `$${claim.actual.value}/cwt`
            : formatDollars(claim.actual.value, { cents: true })}
        </dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd data-testid="claim-source">
          {SOURCE_WORDS[claim.actual.source]}: {claim.actual.sourceText} (as of{" "}
          {formatDate(claim.actual.date)})
        </dd>
      </div>
      <div>
        <dt>Producer premium</dt>
        <dd>{formatDollars(claim.producerPremium, { cents: true })}</dd>
      </div>
      <div>
        <dt>Net to the producer</dt>
        <dd>{formatDollars(claim.net, { cents: true })}</dd>
      </div>
      {estimate ? (
        <div>
          <dt>Note</dt>
          <dd>
            An estimate: RMA has not published the actual value for this end date yet (or the end date has not
            passed). Recompute it once it is published.
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
