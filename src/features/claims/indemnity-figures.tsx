import type { ComputedClaim, LgmProration } from "../../../shared/book/claims";
import { formatDollars, formatNumber } from "../../lib/format";
import { claimSourceLine } from "./source-line";

const percent = (ratio: string) => `${(Number(ratio) * 100).toFixed(1).replace(/\.0$/, "")} %`;

/** The indemnity and where its actual value came from; an estimate is always labelled so. */
export function IndemnityFigures({
  claim,
  lgm,
  sample = false,
}: {
  claim: ComputedClaim;
  lgm?: LgmProration | null;
  /** SAMPLE1: the device's market data is the generated sample data. */
  sample?: boolean;
}) {
  const estimate = claim.actual.kind === "estimate";
  return (
    <dl className="claims__figures" data-testid="indemnity-figures">
      <div>
        <dt>Indemnity{estimate ? " (estimate)" : ""}</dt>
        <dd className="claim-amount" data-testid="claim-indemnity">
          {formatDollars(claim.indemnity)}
        </dd>
      </div>
      {lgm ? (
        <>
          <div>
            <dt>Without proration</dt>
            <dd data-testid="claim-unprorated">
              {formatDollars(lgm.indemnityAtTargets)} (had the targets been marketed)
            </dd>
          </div>
          <div>
            <dt>Marketings</dt>
            <dd data-testid="claim-proration">
              {formatNumber(lgm.actualTotal)} of {formatNumber(lgm.targetTotal)} target ({percent(lgm.ratio)}
              ):{" "}
              {lgm.prorated
                ? `below ${percent(lgm.threshold)} of the target, so the indemnity is prorated × ${lgm.marketFactor}`
                : `at least ${percent(lgm.threshold)} of the target, so no proration`}
            </dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>{claim.plan === "lrp" ? "Actual ending value" : "Actual total gross margin"}</dt>
        <dd>
          {claim.plan === "lrp"
            ? `${formatDollars(claim.actual.value, { cents: true })}/cwt`
            : formatDollars(claim.actual.value, { cents: true })}
        </dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd data-testid="claim-source">{claimSourceLine(claim.actual, sample)}</dd>
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
