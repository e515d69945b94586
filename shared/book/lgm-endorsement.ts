import { getLgmType } from "../catalogue/lgm-types";
import type { LgmCommodityCode } from "../catalogue/livestock";
import type { FarmerClassification } from "../catalogue/plans";
import { type LgmEndorsement, lgmEndorsementSchema, type Policy } from "../documents/book";
import { DomainError } from "../errors";
import { addMonths, formatYearMonth, lastDayOfMonth, yearMonthOf } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import type { LgmWeights } from "../pricing/lgm/formula";
import type { LgmQuoteInput } from "../pricing/lgm/input";
import { checkMarketings, INSURANCE_PERIOD_MONTHS } from "../pricing/lgm/period";
import { quoteLgm } from "../pricing/lgm/quote";
import { money } from "../pricing/money";
import { cropYearOf } from "./crop-year";
import {
  beginningFarmerYearOf,
  exactDecimal,
  requireOpenPolicy,
  requirePricedOnItsDay,
  toRecord,
} from "./record-helpers";

// An LGM endorsement for the book, priced by the same engine and input as the LGM quote screen
// (shared/pricing/lgm quoteLgm; src/lib/pricing/lgm/lgm-form.ts buildLgmInput) against the snapshot of
// the sales date, every figure frozen as exact decimal text. Insurance period and marketing rules
// (DOMAIN.md): the months after the sales month, 11 for cattle and dairy, 6 for swine; the first month
// never carries marketings (so swine market in months 2–6, cattle and dairy in 2–11) — the engine's
// checkMarketings is the one definition. Target-marketings limits: none since crop year 2020
// (RMA PM-19-023), kept as data below so a future limit is a row, not code.

export interface LgmMarketingsLimit {
  /** First crop year the entry applies from. */
  fromCropYear: number;
  /** Most head per endorsement (cattle, swine) or cwt (dairy); null: no limit. */
  perEndorsement: number | null;
  source: string;
}

export const LGM_TARGET_MARKETINGS_LIMITS: readonly LgmMarketingsLimit[] = [
  { fromCropYear: 2020, perEndorsement: null, source: "RMA PM-19-023 (limits removed from crop year 2020)" },
];

/** The target-marketings limit of a crop year (null: none). Years before 2020 are not modelled: null. */
export function lgmTargetMarketingsLimit(cropYear: number): number | null {
  const entry = [...LGM_TARGET_MARKETINGS_LIMITS]
    .sort((a, b) => b.fromCropYear - a.fromCropYear)
    .find((l) => l.fromCropYear <= cropYear);
  return entry?.perEndorsement ?? null;
}

/** The insurance period of an LGM endorsement sold on `salesDate`: first month, last month, end date. */
export function lgmInsurancePeriod(
  commodity: LgmCommodityCode,
  salesDate: string,
): { firstMonth: string; lastMonth: string; endDate: string; months: string[] } {
  const sales = yearMonthOf(salesDate);
  const n = INSURANCE_PERIOD_MONTHS[commodity];
  const months = Array.from({ length: n }, (_, i) => formatYearMonth(addMonths(sales, i + 1)));
  const last = addMonths(sales, n);
  return {
    firstMonth: months[0] as string,
    lastMonth: months[n - 1] as string,
    endDate: lastDayOfMonth(last),
    months,
  };
}

/**
 * Checks LGM target marketings for the commodity and crop year: one number per month of the insurance
 * period, none in the first month, at least one month with marketings, and the crop year's
 * target-marketings limit (none since 2020). Throws DomainError("invalid-input") naming the month.
 */
export function checkLgmMarketings(
  commodity: string,
  typeCode: string,
  marketings: readonly number[],
  cropYear: number,
): void {
  const type = getLgmType(commodity, typeCode);
  marketings.forEach((h, i) => {
    if (!Number.isInteger(h) || h < 0)
      throw new DomainError("invalid-input", `targetMarketings.${i}: expected a whole number, 0 or more`, [
        "targetMarketings",
        i,
      ]);
  });
  checkMarketings(type.commodityCode, type.label, marketings);
  const limit = lgmTargetMarketingsLimit(cropYear);
  const total = marketings.reduce((a, b) => a + b, 0);
  if (limit !== null && total > limit)
    throw new DomainError(
      "head-limit",
      `Crop year ${cropYear} LGM target marketings limit is ${limit}: this endorsement has ${total}`,
      ["targetMarketings"],
    );
}

export interface LgmEndorsementFromQuoteInput {
  /** The market snapshot of the sales date (its `asOf` must equal `salesDate`). */
  snapshot: MarketSnapshot;
  salesDate: string;
  commodity: string;
  type: string;
  /** One per month of the insurance period; the first is 0. */
  targetMarketings: readonly number[];
  /** One of the spec's §9 deductible steps for the commodity. */
  deductible: number;
  /** Elected weights (cattle); omitted: the type's defaults. */
  weights?: LgmWeights;
  /** RMA state code of the draws to use; omitted: as the quote screen (the first published set). */
  stateCode?: string;
  profile: { farmerClassification: FarmerClassification; farmingSinceYear?: number };
  /** The LGM policy: active or pending. */
  policy: Policy;
  id: string;
  /** The quoted record being priced again: keeps id, createdAt and sales date. */
  editing?: LgmEndorsement;
  /**
   * A sale recorded after its day (shared/book/sce-backdated.ts): the sales window is not
   * checked; everything else is.
   */
  pastSale?: boolean;
  now: Date;
  userId: string;
}

/** The engine input the LGM quote screen builds for the same choices. */
export function lgmQuoteInputFor(
  input: Pick<
    LgmEndorsementFromQuoteInput,
    | "salesDate"
    | "commodity"
    | "type"
    | "targetMarketings"
    | "deductible"
    | "weights"
    | "stateCode"
    | "profile"
  >,
): LgmQuoteInput {
  const cropYear = cropYearOf(input.salesDate);
  const year = beginningFarmerYearOf(input.profile, cropYear);
  const weights = input.weights && Object.keys(input.weights).length > 0 ? { ...input.weights } : undefined;
  return {
    commodity: input.commodity,
    type: input.type,
    salesDate: input.salesDate,
    cropYear,
    targetMarketings: [...input.targetMarketings],
    deductible: input.deductible,
    farmerClassification: input.profile.farmerClassification,
    ...(year !== undefined ? { beginningFarmerYear: year } : {}),
    ...(weights ? { weights } : {}),
    ...(input.stateCode !== undefined ? { stateCode: input.stateCode } : {}),
  };
}

/**
 * Builds a full LgmEndorsement record (status "quoted"). Throws DomainError when the policy is not LGM
 * or not active/pending, the snapshot is not of the sales date, `now` is past the sales date's window
 * (8:25 am Central the next morning), or the marketings, deductible or weights break the rules.
 */
export function lgmEndorsementFromQuote(input: LgmEndorsementFromQuoteInput): LgmEndorsement {
  const { snapshot, salesDate, policy, editing } = input;
  requireOpenPolicy(policy, "lgm");
  requirePricedOnItsDay(input, "prices could be used");
  const type = getLgmType(input.commodity, input.type);
  const cropYear = cropYearOf(salesDate);
  checkLgmMarketings(type.commodityCode, type.code, input.targetMarketings, cropYear);
  const request = lgmQuoteInputFor(input);
  const quote = quoteLgm(request, snapshot);
  const period = lgmInsurancePeriod(type.commodityCode, salesDate);
  return toRecord(lgmEndorsementSchema, {
    id: input.id,
    policyId: policy.id,
    plan: "lgm",
    cropYear,
    salesDate,
    status: "quoted",
    snapshotAsOf: snapshot.asOf,
    snapshotLabel: snapshot.label,
    commodity: type.commodityCode,
    type: type.code,
    targetMarketings: [...input.targetMarketings],
    firstMonth: period.firstMonth,
    endDate: period.endDate,
    ...(request.weights ? { weights: request.weights } : {}),
    deductible: money(input.deductible).toFixed(),
    expectedGrossMargin: exactDecimal(quote.expectedGrossMargin),
    grossMarginGuarantee: exactDecimal(quote.grossMarginGuarantee),
    totalPremium: exactDecimal(quote.totalPremium),
    subsidy: exactDecimal(quote.subsidy),
    producerPremium: exactDecimal(quote.producerPremium),
    ...(input.stateCode !== undefined ? { stateCode: input.stateCode } : {}),
    createdAt: editing?.createdAt ?? input.now.toISOString(),
    updatedAt: input.now.toISOString(),
    updatedBy: input.userId,
  });
}
