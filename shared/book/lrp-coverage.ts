import { getLrpType } from "../catalogue/lrp-types";
import type { FarmerClassification } from "../catalogue/plans";
import { type Coverage, type LrpCoverage, lrpCoverageSchema, type Policy } from "../documents/book";
import { DomainError } from "../errors";
import { lrpSalesGroup, lrpSalesSuspension } from "../market/calendar";
import type { MarketSnapshot } from "../market/snapshot";
import type { LrpQuoteInput } from "../pricing/lrp/input";
import { lrpInsuredUnits, lrpInsuredValue } from "../pricing/lrp/premium";
import { type LrpCoverageRow, quoteLrp } from "../pricing/lrp/quote";
import { lrpRateGroup } from "../pricing/lrp/snapshot-index";
import { money } from "../pricing/money";
import { cropYearOf } from "./crop-year";
import { type ForwardPurchaseAnswer, forwardPurchaseAnswerFor } from "./forward-purchase";
import { checkLrpHeadLimits } from "./head-limits";
import {
  beginningFarmerYearOf,
  exactDecimal,
  requireOpenPolicy,
  requirePricedOnItsDay,
  toRecord,
} from "./record-helpers";

// An LRP Specific Coverage Endorsement for the book, built from a row of the day's offer table: the
// same engine (shared/pricing/lrp quoteLrp), the same input the quote screen builds, and the snapshot
// of the sales date. Every figure is frozen into the record as an exact decimal string equal to what
// the quote screen shows for the same inputs on the same snapshot. A stored record is data: nothing
// re-prices it later (estimate.ts reads it, never writes it).

/** The row of the offer table chosen: endorsement length and coverage level, as the table shows them. */
export interface LrpOfferChoice {
  endorsementLengthWeeks: number;
  coverageLevel: number;
}

export interface LrpCoverageFromOfferInput {
  /** The market snapshot of the sales date (its `asOf` must equal `salesDate`). */
  snapshot: MarketSnapshot;
  /** The sales date of the offer (YYYY-MM-DD): the date of the rates. */
  salesDate: string;
  commodity: string;
  type: string;
  offer: LrpOfferChoice;
  head: number;
  targetWeightCwt: number;
  /** The insured share as a fraction, more than 0 and at most 1 (the quote form's percent ÷ 100). */
  share?: number;
  /** The customer's profile: its farmer classification and first year of farming set the subsidy. */
  profile: { farmerClassification: FarmerClassification; farmingSinceYear?: number };
  /** The LRP policy the endorsement is bought on: must be active or pending. */
  policy: Policy;
  /** All of the customer's coverages, for the per-crop-year head limits. */
  existingCoverages: Iterable<Coverage>;
  /** The new record's id (ids.ts ulid), or the id of the quoted record being re-priced (`editing`). */
  id: string;
  /** The quoted record being edited: keeps its id, createdAt and sales date. */
  editing?: LrpCoverage;
  /** From CY2027, cattle: the SCE's question on forward-purchased cattle (forward-purchase.ts). */
  forwardPurchase?: Partial<ForwardPurchaseAnswer>;
  /**
   * A sale recorded after its day (shared/book/sce-backdated.ts): the sales window is not
   * checked; everything else is.
   */
  pastSale?: boolean;
  /** The clock: the instant of the write. */
  now: Date;
  /** The agent making the record. */
  userId: string;
}

/**
 * The engine input the quote screen builds for the same choices (src/features/lrp-quote/lrp-form.ts
 * buildLrpInput): the same object, so the book prices exactly as the screen does.
 */
export function lrpQuoteInputFor(
  input: Pick<
    LrpCoverageFromOfferInput,
    "salesDate" | "commodity" | "type" | "offer" | "head" | "targetWeightCwt" | "share" | "profile"
  >,
): LrpQuoteInput {
  const cropYear = cropYearOf(input.salesDate);
  const year = beginningFarmerYearOf(input.profile, cropYear);
  return {
    commodity: input.commodity,
    type: input.type,
    endorsementLengthWeeks: input.offer.endorsementLengthWeeks,
    coverageLevel: input.offer.coverageLevel,
    head: input.head,
    targetWeightCwt: input.targetWeightCwt,
    share: input.share ?? 1,
    farmerClassification: input.profile.farmerClassification,
    ...(year !== undefined ? { beginningFarmerYear: year } : {}),
    cropYear,
    salesDate: input.salesDate,
  };
}

/**
 * Builds a full LrpCoverage record (status "quoted") from a row of the offer table of `salesDate`.
 * Throws DomainError, with a message saying what is wrong, when:
 * - the policy is not LRP, or not active or pending ("invalid-input", path ["policyId"]);
 * - the snapshot is not of the sales date ("stale-market-data");
 * - `now` is outside the sales date's sales window (until 8:25 am Central the next morning);
 * - head or weight is invalid (the engine's messages; the spec's for the per-endorsement maximum);
 * - the per-endorsement or per-crop-year head limit is exceeded ("head-limit", head-limits.ts);
 * - the offer table of the day has no such row, or its rate is modelled, not RMA's ("indicative").
 */
export function lrpCoverageFromOffer(input: LrpCoverageFromOfferInput): LrpCoverage {
  const { snapshot, salesDate, policy, editing } = input;
  requireOpenPolicy(policy, "lrp");
  requirePricedOnItsDay(input, "offers could be bought");
  const group = lrpSalesGroup(getLrpType(input.commodity, input.type).commodityCode);
  const suspended = group ? lrpSalesSuspension(salesDate, group) : null;
  if (suspended)
    throw new DomainError(
      "invalid-input",
      `salesDate: LRP ${group} sales are suspended on ${salesDate} (${suspended}): no endorsement can be bought that day`,
      ["salesDate"],
    );
  if (!Number.isInteger(input.head) || input.head < 1)
    throw new DomainError("invalid-input", "head: expected a whole number of head, 1 or more", ["head"]);
  const cropYear = cropYearOf(salesDate);
  const limit = checkLrpHeadLimits(
    { id: input.id, commodity: input.commodity, cropYear, head: input.head },
    input.existingCoverages,
  );
  if (limit) throw new DomainError("head-limit", limit.message, ["head"]);

  const request = lrpQuoteInputFor(input);
  const quote = quoteLrp(request, snapshot, { all: true });
  const row = (quote.offers ?? []).find(
    (r) =>
      r.endorsementLengthWeeks === input.offer.endorsementLengthWeeks &&
      Math.abs(r.coverageLevel - input.offer.coverageLevel) < 1e-9,
  );
  if (!row)
    throw new DomainError(
      "invalid-input",
      `offer: the offers of ${salesDate} have no ${input.offer.endorsementLengthWeeks}-week row at coverage level ${input.offer.coverageLevel}`,
      ["offer"],
    );
  if (row.indicative)
    throw new DomainError(
      "stale-market-data",
      `The rate of this offer is indicative (modelled): the snapshot of ${salesDate} has no RMA rate for it, and an endorsement needs RMA's rate`,
      ["offer"],
    );
  const paf = offerPaf(input, row);
  const share = request.share ?? 1;
  const commodity = getLrpType(input.commodity, input.type).commodityCode;
  const forward = forwardPurchaseAnswerFor(cropYear, commodity, row.endDate, input.forwardPurchase);
  return toRecord(lrpCoverageSchema, {
    id: input.id,
    policyId: policy.id,
    plan: "lrp",
    cropYear,
    salesDate,
    status: "quoted",
    snapshotAsOf: snapshot.asOf,
    snapshotLabel: snapshot.label,
    commodity,
    type: input.type,
    endorsementLengthWeeks: row.endorsementLengthWeeks,
    endDate: row.endDate,
    expectedEndingValue: exactDecimal(row.expectedValuePerCwt),
    coverageLevel: exactDecimal(row.coverageLevel),
    coveragePrice: exactDecimal(row.coveragePricePerCwt),
    rate: exactDecimal(row.rate),
    indicative: false,
    head: input.head,
    targetWeightCwt: exactDecimal(input.targetWeightCwt),
    share: exactDecimal(share),
    priceAdjustmentFactor: paf,
    insuredValue: exactDecimal(row.insuredValue),
    totalPremium: exactDecimal(row.totalPremium),
    subsidy: exactDecimal(row.subsidy),
    producerPremium: exactDecimal(row.producerPremium),
    ...forward,
    createdAt: editing?.createdAt ?? input.now.toISOString(),
    updatedAt: input.now.toISOString(),
    updatedBy: input.userId,
  });
}

/**
 * The PAF the engine priced the row with (the rate row's, else the type's pre-2026 factor, else 1), as
 * text; checked against the row's insured value so the record cannot disagree with the engine.
 */
function offerPaf(input: LrpCoverageFromOfferInput, row: LrpCoverageRow): string {
  const type = getLrpType(input.commodity, input.type);
  const entry = lrpRateGroup(input.snapshot, type.commodityCode, type.code, input.salesDate).entries.find(
    (e) =>
      e.row.endorsementLengthWeeks === row.endorsementLengthWeeks &&
      Math.abs(e.row.coverageLevel - row.coverageLevel) < 1e-9,
  );
  const paf = entry?.priceAdjustmentFactor ?? money(type.priceAdjustmentFactor ?? 1);
  const units = lrpInsuredUnits(input.head, input.targetWeightCwt, input.share ?? 1);
  const insured = lrpInsuredValue(units, money(row.coveragePricePerCwt), paf);
  if (!insured.eq(row.insuredValue))
    throw new Error(
      `lrpCoverageFromOffer: PAF ${paf.toFixed()} gives insured value ${insured.toFixed()}, the engine ${row.insuredValue}`,
    );
  return paf.toFixed();
}
