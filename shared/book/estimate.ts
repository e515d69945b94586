import { getLgmType } from "../catalogue/lgm-types";
import { getLrpType } from "../catalogue/lrp-types";
import { dateInWords } from "../dates-in-words";
import type { Coverage, LgmEndorsement, LrpCoverage } from "../documents/book";
import { DomainError } from "../errors";
import { parseYearMonth } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import { marginTerms } from "../pricing/lgm/formula";
import { expectedMargins, marginModel } from "../pricing/lgm/margin-model";
import { actualEndingValue } from "../pricing/lrp/actual";
import { coverageFactorPublication, onCoverageBasis, rowFactorPublication } from "../pricing/lrp/factor";
import { lrpIndemnity } from "../pricing/lrp/indemnity";
import { lrpFuturesExpectedValue } from "../pricing/lrp/quote";
import { type Money, money, roundCents } from "../pricing/money";
import { lgmInsurancePeriod } from "./lgm-endorsement";

// Today's estimated indemnity of a coverage from the latest market snapshot, labelled an estimate
// everywhere it is shown (My coverages, the coverage page). It reads a stored record and never
// changes it: the record's premium and terms stay what they were on the sales date.
// - LRP: the ending value is RMA's published actual ending value when the snapshot has it (then the
//   figure is what the claim will pay, still shown as an estimate until RMA settles it); otherwise the
//   snapshot's expected ending value for the coverage's end date (an RMA rate row of the same type and
//   end date), otherwise the futures-based value the pricing engine itself uses. Indemnity by
//   shared/pricing/lrp/indemnity.ts. The futures value never holds the type's price adjustment factor;
//   a coverage bought on a row with the factor inside (recorded factor 1, coverage price × factor,
//   shared/pricing/lrp/factor.ts) is compared with futures × the type's factor, so both sides of
//   (coverage price − ending value) are on the same basis (futuresOnCoverageBasis).
// - LGM: the gross margin of the endorsement's months from the snapshot's futures (the engine's
//   margin model, with the endorsement's weights) against its guarantee: max(0, GMG − Σ margin × head).
//   RMA's actual margins use the last three trading days before each contract's expiry; a snapshot
//   has one day's settlements, so this stays an estimate until the period ends.

export type EndingValueSource = "rma-actual" | "rma-expected" | "futures";

export type IndemnityEstimate =
  | {
      ok: true;
      label: "estimate";
      plan: "lrp" | "lgm";
      /** The snapshot the estimate is from. */
      asOf: string;
      /** LRP: where the ending value came from; LGM: always futures. */
      source: EndingValueSource;
      /** LRP: ending value per cwt; LGM: the estimated total gross margin. Decimal text. */
      endingValue: string;
      /** Estimated indemnity, dollars and cents, decimal text. */
      indemnity: string;
      /** Indemnity minus the producer premium (what the producer nets), decimal text. */
      netResult: string;
    }
  | { ok: false; reason: string };

const NOT_ESTIMATED: Readonly<Record<string, string>> = {
  cancelled: "the coverage was cancelled",
  paid: "the indemnity has been paid",
};

/**
 * Today's estimated indemnity of a coverage on `snapshot` (the latest one), or `{ ok: false, reason }`
 * when it cannot be estimated (cancelled, paid, no market data for it).
 */
export function estimateIndemnity(coverage: Coverage, snapshot: MarketSnapshot): IndemnityEstimate {
  const why = NOT_ESTIMATED[coverage.status];
  if (why) return { ok: false, reason: `No estimate: ${why}` };
  try {
    return coverage.plan === "lrp" ? estimateLrp(coverage, snapshot) : estimateLgm(coverage, snapshot);
  } catch (e) {
    if (e instanceof DomainError) return { ok: false, reason: `No estimate: ${e.message}` };
    throw e;
  }
}

/** The ending value an LRP estimate uses, with where it came from; null when the snapshot has none. */
export function lrpEndingValue(
  coverage: Pick<LrpCoverage, "commodity" | "type" | "endDate" | "priceAdjustmentFactor" | "salesDate">,
  snapshot: MarketSnapshot,
): { value: string; source: EndingValueSource } | null {
  const actual = actualEndingValue(snapshot, coverage.commodity, coverage.type, coverage.endDate);
  if (actual !== null) return { value: money(actual).toFixed(), source: "rma-actual" };
  const row = snapshot.lrpRates.find(
    (r) =>
      r.commodityCode === coverage.commodity &&
      r.typeCode === coverage.type &&
      r.endDate === coverage.endDate &&
      r.salesEffectiveDate === snapshot.asOf,
  );
  const type = getLrpType(coverage.commodity, coverage.type);
  // shared/pricing/lrp/factor.ts: a row of another reinsurance year may hold the factor where the
  // coverage's price does not (or the reverse); the value is put on the coverage's basis.
  const basis = coverageFactorPublication(coverage, type.priceAdjustmentFactor);
  if (row)
    return {
      value: onCoverageBasis(
        money(row.expectedEndingValue),
        type.priceAdjustmentFactor,
        basis,
        rowFactorPublication(row),
      ).toFixed(),
      source: "rma-expected",
    };
  const futures = lrpFuturesExpectedValue(snapshot, type.commodityCode, coverage.endDate);
  if (!futures) return null;
  return {
    value: futuresOnCoverageBasis(futures, type.priceAdjustmentFactor, coverage).toFixed(),
    source: "futures",
  };
}

/**
 * A futures-based ending value (no factor in it) on the basis of the coverage's coverage price: a
 * coverage priced with the factor inside (its reinsurance year's case, shared/pricing/lrp/factor.ts)
 * compares with futures × the type's factor; one priced with it apart, with the futures value as it is.
 * @example futuresOnCoverageBasis(money(100), "1.1", { salesDate: "2023-12-14", priceAdjustmentFactor: "1" }) // 110
 */
export function futuresOnCoverageBasis(
  futures: Money,
  typeFactor: string | null,
  coverage: Pick<LrpCoverage, "priceAdjustmentFactor" | "salesDate">,
): Money {
  return onCoverageBasis(futures, typeFactor, coverageFactorPublication(coverage, typeFactor), "futures");
}

function estimateLrp(coverage: LrpCoverage, snapshot: MarketSnapshot): IndemnityEstimate {
  const ending = lrpEndingValue(coverage, snapshot);
  if (!ending)
    return {
      ok: false,
      reason: `No estimate: the market data of ${dateInWords(snapshot.asOf)} has no ending value, rate row or futures for this coverage`,
    };
  const indemnity = lrpIndemnity(
    {
      head: coverage.head,
      targetWeightCwt: coverage.targetWeightCwt,
      share: coverage.share,
      coveragePricePerCwt: coverage.coveragePrice,
      priceAdjustmentFactor: coverage.priceAdjustmentFactor,
      producerPremium: coverage.producerPremium,
    },
    ending.value,
  );
  return {
    ok: true,
    label: "estimate",
    plan: "lrp",
    asOf: snapshot.asOf,
    source: ending.source,
    endingValue: ending.value,
    indemnity: indemnity.toFixed(2),
    netResult: indemnity.minus(coverage.producerPremium).toFixed(2),
  };
}

function estimateLgm(coverage: LgmEndorsement, snapshot: MarketSnapshot): IndemnityEstimate {
  const type = getLgmType(coverage.commodity, coverage.type);
  const period = lgmInsurancePeriod(type.commodityCode, coverage.salesDate);
  const insured = period.months
    .map((month, i) => ({ month, head: coverage.targetMarketings[i] ?? 0 }))
    .filter((m) => m.head > 0);
  const terms = marginTerms(type.commodityCode, type.code, coverage.weights ?? {});
  const margins = expectedMargins(
    marginModel(
      snapshot,
      terms,
      insured.map((m) => parseYearMonth(m.month)),
    ),
  );
  let total = money(0);
  insured.forEach((m, i) => {
    total = total.plus(roundCents(margins[i] ?? 0).times(m.head));
  });
  const shortfall = money(coverage.grossMarginGuarantee).minus(total);
  const indemnity = shortfall.gt(0) ? roundCents(shortfall) : money(0);
  return {
    ok: true,
    label: "estimate",
    plan: "lgm",
    asOf: snapshot.asOf,
    source: "futures",
    endingValue: roundCents(total).toFixed(2),
    indemnity: indemnity.toFixed(2),
    netResult: indemnity.minus(coverage.producerPremium).toFixed(2),
  };
}
