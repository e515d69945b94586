import { getLgmType, lgmDeductibleSteps } from "../../catalogue";
import type { MarketSnapshot } from "../../market/snapshot";
import { type Money, money, roundCents, toJsonNumber } from "../money";
import { lgmNoSales, type NoSales, requireSalesDayPrices } from "../sales-day";
import { farmerSubsidyAddition } from "../subsidy/farmer";
import { lgmSubsidyPercent } from "../subsidy/lgm-subsidy";
import { invalidInput, parseInput } from "../validate";
import { marginTerms, usesDefaultWeights } from "./formula";
import { type LgmQuoteRequest, lgmQuoteInputSchema } from "./input";
import { expectedMargins, marginModel } from "./margin-model";
import { checkMarketings, insurancePeriod, periodLabels } from "./period";
import { type LgmCurvePoint, type LgmDrawMatrix, lgmPremiumCurve } from "./premium";
import { LGM_SIMULATION_DRAWS, simulateLgmMargins } from "./simulate";

/** Spec §3 LGM labels: Marketing Month, Deductible, Gross Margin Guarantee, Producer Premium. */
export interface LgmQuote {
  expectedGrossMargin: number;
  grossMarginGuarantee: number;
  totalPremium: number;
  subsidy: number;
  producerPremium: number;
  months: { marketingMonth: string; expectedGrossMarginPerUnit: number; targetMarketings: number }[];
  deductibleCurve: { deductible: number; totalPremium: number; subsidy: number; producerPremium: number }[];
  /** Present when the sales date has no LGM sales (weekend, exchange holiday): its prices buy nothing. */
  noSales?: NoSales;
}

export interface LgmQuoteOptions {
  /** Draws of our own simulation (default 5,000, as RMA). */
  simulationDraws?: number;
}

/** Where the quote's margins came from: the input, RMA's published set in the snapshot, or futures. */
export type LgmMarginSource = "input" | "rma" | "futures";

export interface LgmPricing {
  request: LgmQuoteRequest;
  marketingMonths: string[];
  expectedMarginsPerUnit: number[];
  matrix: LgmDrawMatrix;
  curve: LgmCurvePoint[];
  chosen: LgmCurvePoint;
  source: { expected: LgmMarginSource; draws: LgmMarginSource };
}

/** Validates the input, finds or simulates the margins and prices the whole deductible curve once. */
export function priceLgm(
  input: unknown,
  snapshot: MarketSnapshot,
  options: LgmQuoteOptions = {},
): LgmPricing {
  const request = parseInput(lgmQuoteInputSchema, input);
  const type = getLgmType(request.commodity, request.type);
  const commodity = type.commodityCode;
  const label = `${type.label}`;
  checkMarketings(commodity, label, request.targetMarketings);
  const months = insurancePeriod(commodity, request.salesDate);
  const monthLabels = periodLabels(months);
  const steps = lgmDeductibleSteps(commodity).map((s) => money(s));
  const deductible = money(request.deductible);
  const chosenIndex = steps.findIndex((s) => s.eq(deductible));
  if (chosenIndex < 0) throw invalidInput(["deductible"], `must be one of ${steps.join(", ")} for ${label}`);
  const terms = marginTerms(commodity, type.code, request.weights);

  if (request.expectedGrossMargins && request.expectedGrossMargins.length !== months.length)
    throw invalidInput(["expectedGrossMargins"], `expected ${months.length} numbers, one per month`);
  request.draws?.forEach((row, i) => {
    if (row.length !== months.length)
      throw invalidInput(["draws", i], `expected ${months.length} numbers, one per month`);
  });

  const published = usesDefaultWeights(commodity, type.code, request.weights)
    ? snapshot.lgm.find(
        (s) =>
          s.commodityCode === commodity &&
          s.typeCode === type.code &&
          // A set without a state code is RMA's national figures (the same in every state).
          (request.stateCode === undefined ||
            s.stateCode === undefined ||
            s.stateCode === request.stateCode) &&
          s.salesEffectiveDate === request.salesDate &&
          s.marketingMonths.join() === monthLabels.join(),
      )
    : undefined;
  requireSalesDayPrices(
    snapshot,
    request.salesDate,
    published !== undefined || (request.expectedGrossMargins !== undefined && request.draws !== undefined),
  );

  let expected: number[];
  let expectedSource: LgmMarginSource;
  let model: ReturnType<typeof marginModel> | null = null;
  const modelOf = () => {
    model ??= marginModel(snapshot, terms, months);
    return model;
  };
  if (request.expectedGrossMargins) {
    expected = request.expectedGrossMargins;
    expectedSource = "input";
  } else if (published) {
    expected = published.expectedGrossMargins;
    expectedSource = "rma";
  } else {
    expected = expectedMargins(modelOf());
    expectedSource = "futures";
  }
  expected = expected.map((v) => roundCents(v).toNumber());

  let matrix: LgmDrawMatrix;
  let drawSource: LgmMarginSource;
  if (request.draws) {
    matrix = toMatrix(request.draws, months.length);
    drawSource = "input";
  } else if (published?.draws && published.draws.length > 0) {
    matrix = toMatrix(published.draws, months.length);
    drawSource = "rma";
  } else {
    matrix = simulateLgmMargins(
      modelOf(),
      snapshot.asOf,
      options.simulationDraws ?? LGM_SIMULATION_DRAWS,
      request.seed,
    );
    drawSource = "futures";
  }

  const monthsWithMarketings = request.targetMarketings.filter((h) => h > 0).length;
  const addition = farmerSubsidyAddition(
    request.farmerClassification,
    request.cropYear,
    request.beginningFarmerYear,
  );
  const subsidyPercent = (d: Money) =>
    monthsWithMarketings < 2 ? money(0) : lgmSubsidyPercent(commodity, d).plus(addition);
  const curve = lgmPremiumCurve({
    expectedMargins: expected,
    marketings: request.targetMarketings,
    matrix,
    deductibles: steps,
    subsidyPercent,
  });
  return {
    request,
    marketingMonths: monthLabels,
    expectedMarginsPerUnit: expected,
    matrix,
    curve,
    chosen: curve[chosenIndex],
    source: { expected: expectedSource, draws: drawSource },
  };
}

export function quoteLgm(input: unknown, snapshot: MarketSnapshot, options: LgmQuoteOptions = {}): LgmQuote {
  return lgmQuoteOf(priceLgm(input, snapshot, options));
}

export function lgmQuoteOf(p: LgmPricing): LgmQuote {
  const noSales = lgmNoSales(p.request.salesDate);
  return {
    ...(noSales ? { noSales } : {}),
    expectedGrossMargin: toJsonNumber(p.chosen.expectedGrossMargin),
    grossMarginGuarantee: toJsonNumber(p.chosen.grossMarginGuarantee),
    totalPremium: toJsonNumber(p.chosen.totalPremium),
    subsidy: toJsonNumber(p.chosen.subsidy),
    producerPremium: toJsonNumber(p.chosen.producerPremium),
    months: p.marketingMonths.map((marketingMonth, m) => ({
      marketingMonth,
      expectedGrossMarginPerUnit: p.expectedMarginsPerUnit[m],
      targetMarketings: p.request.targetMarketings[m],
    })),
    deductibleCurve: p.curve.map((c) => ({
      deductible: toJsonNumber(c.deductible),
      totalPremium: toJsonNumber(c.totalPremium),
      subsidy: toJsonNumber(c.subsidy),
      producerPremium: toJsonNumber(c.producerPremium),
    })),
  };
}

function toMatrix(rows: readonly (readonly number[])[], months: number): LgmDrawMatrix {
  const values = new Float64Array(rows.length * months);
  rows.forEach((row, i) => {
    values.set(row, i * months);
  });
  return { values, draws: rows.length, months };
}
