// The LRP quote engine for a parsed request. ./quote.ts adds the parse (`quoteLrp`); the pricing
// worker calls this directly after its zod-free check, so that zod stays out of the first quote
// screen's worker (docs/first-visit.md): a module that imports the schema would bring zod along.
import { getLrpType, type LrpCommodityCode, maxHeadCount } from "../../catalogue";
import { DomainError } from "../../errors";
import { addDays, daysBetween, yearMonthOf } from "../../market/dates";
import type { LrpRateRow, MarketSnapshot } from "../../market/snapshot";
import { contractMonthOnOrAfter, priceFrom, priceReference } from "../futures-curve";
import { type Money, money, roundCents, roundTo, toJsonNumber } from "../money";
import { lrpNoSales, type NoSales, requireSalesDayPrices } from "../sales-day";
import { farmerSubsidyAddition } from "../subsidy/farmer";
import { lrpSubsidyPercent } from "../subsidy/lrp-subsidy";
import { invalidInput } from "../validate";
import { type CmePutComparison, cmePutComparison, type PutContext } from "./cme-put";
import { publishedRowFactor } from "./factor";
import { indicativeLrpRate } from "./indicative-rate";
import type { LrpQuoteRequest } from "./input";
import { LRP_LEVEL_RULE, offeredAtOrBelow, sameLevel } from "./level-rule";
import { LRP_FUTURES } from "./markets";
import {
  type LrpInsuredUnits,
  lrpInsuredUnits,
  lrpInsuredValue,
  lrpPremiumOn,
  lrpSubsidyShare,
} from "./premium";
import { type LrpRateEntry, lrpPutContext, lrpRateGroup } from "./snapshot-index";
import { lrpTypeTerms } from "./type-years";

/** Spec §3 coverage-table row; keys are the documented JSON keys (README "Command line"). */
export interface LrpCoverageRow {
  endorsementLengthWeeks: number;
  endDate: string;
  coverageLevel: number;
  expectedValuePerCwt: number;
  coveragePricePerCwt: number;
  rate: number;
  insuredValue: number;
  totalPremium: number;
  subsidy: number;
  producerPremium: number;
  producerPremiumPerCwt: number;
  producerPremiumPerHead: number;
  cmePutStrike: number | null;
  cmePutPremiumPerCwt: number | null;
  futuresContractMonth: string;
  /** True when the rate was modelled from the put because the snapshot has no RMA rate for the row. */
  indicative: boolean;
}

/** How a quote by coverage level chose its offered row (LRP_LEVEL_RULE). */
export interface LevelChoice {
  requested: number;
  offered: number;
  rule: string;
}

export interface LrpQuote extends LrpCoverageRow {
  /** Present when a quote by level took an RMA row of another level: the level asked for and the one offered. */
  levelChoice?: LevelChoice;
  /** Present when the sales date has no LRP sales for the commodity: its prices buy nothing. */
  noSales?: NoSales;
  offers?: LrpCoverageRow[];
}

/** Levels of the indicative offer table when the snapshot has no RMA rows for the type and day. */
const INDICATIVE_LEVELS = ["1", "0.95", "0.9", "0.85", "0.8", "0.75", "0.7"];

interface Terms {
  commodity: LrpCommodityCode;
  /** The endorsement lengths the type has in the crop year (indicative tables use them). */
  lengthsWeeks: readonly number[];
  request: LrpQuoteRequest;
  subsidyAddition: number;
  defaultPaf: Money;
  put: PutContext;
  /** head and head × target weight × share */
  units: LrpInsuredUnits;
  /** Subsidy share per base band (the band's Decimal is the key). */
  subsidyShares: Map<Money, Money>;
  /** Insured value (and its JSON number) per PAF and coverage price. */
  insuredValues: Map<Money, Map<number, { value: Money; json: number }>>;
}

/** One row's market terms. Numbers hold exact decimals (as parsed from the snapshot or from a Decimal). */
interface RowBasis {
  weeks: number;
  endDate: string;
  expectedValue: number;
  coveragePrice: number;
  coverageLevel: number;
  rate: number;
  paf: Money;
  indicative: boolean;
  /** The coverage price and rate as Decimals when the caller has them already. */
  coveragePriceDecimal?: Money;
  rateDecimal?: Money;
  /** The CME put comparison when the caller has it already. */
  put?: CmePutComparison;
}

/**
 * Prices one LRP endorsement for a request already parsed by `lrpQuoteInputSchema` (./quote.ts:
 * `quoteLrp` parses, then calls this) or by its zod-free twin (./input-check.ts: the pricing worker's
 * first quote does not load zod, docs/first-visit.md); with `all`, the whole offer table of the type for the
 * sales date. Throws DomainError with the spec's messages for unknown codes and head limits.
 */
export function quoteLrpRequest(
  request: LrpQuoteRequest,
  snapshot: MarketSnapshot,
  options: { all?: boolean } = {},
): LrpQuote {
  const type = getLrpType(request.commodity, request.type);
  const commodity = type.commodityCode;
  const limit = maxHeadCount(commodity);
  if (request.head > limit.max) throw new DomainError("head-limit", limit.message, ["head"]);
  // The type's terms in the crop year (./type-years.ts): offered at all, lengths, weight range.
  const yearTerms = lrpTypeTerms(type, request.cropYear);
  const weight = money(request.targetWeightCwt);
  const range = yearTerms.targetWeightCwt;
  if (weight.lt(range.min) || weight.gt(range.max))
    throw invalidInput(
      ["targetWeightCwt"],
      `must be from ${range.min} to ${range.max} cwt for ${type.label}`,
    );
  if (!yearTerms.lengthsWeeks.includes(request.endorsementLengthWeeks))
    throw invalidInput(["endorsementLengthWeeks"], `must be one of ${yearTerms.lengthsWeeks.join(", ")}`);

  const terms: Terms = {
    commodity,
    lengthsWeeks: yearTerms.lengthsWeeks,
    request,
    subsidyAddition: farmerSubsidyAddition(
      request.farmerClassification,
      request.cropYear,
      request.beginningFarmerYear,
    ),
    defaultPaf: money(request.priceAdjustmentFactor ?? type.priceAdjustmentFactor ?? 1),
    put: lrpPutContext(snapshot, commodity, request.salesDate),
    units: lrpInsuredUnits(request.head, request.targetWeightCwt, request.share),
    subsidyShares: new Map(),
    insuredValues: new Map(),
  };
  const group = lrpRateGroup(snapshot, commodity, type.code, request.salesDate);
  requireSalesDayPrices(snapshot, request.salesDate, group.rows.length > 0);

  const { levelChoice, ...basis } = requestedBasis(terms, group.rows);
  const quote: LrpQuote = coverageRow(terms, basis);
  if (levelChoice) quote.levelChoice = levelChoice;
  const noSales = lrpNoSales(request.salesDate, commodity);
  if (noSales) quote.noSales = noSales;
  if (options.all) quote.offers = offerTable(terms, group.entries);
  return quote;
}

/**
 * The offered row a quote by coverage level takes: LRP_LEVEL_RULE (./level-rule.ts), said so in
 * `levelChoice`. Below every offered level there is no row: give a coverage price instead.
 */
export { LRP_LEVEL_RULE };

const outsideSubsidisedLevels = (field: "coverageLevel" | "coveragePrice", level: number) =>
  invalidInput([field], `coverage level ${level} is outside the levels LRP subsidises (0.70 to 1.00)`);

function rowForLevel(rows: readonly LrpRateRow[], level: number, weeks: number): LrpRateRow {
  const best = offeredAtOrBelow(rows, level);
  if (best) return best;
  const lowest = Math.min(...rows.map((r) => r.coverageLevel));
  throw invalidInput(
    ["coverageLevel"],
    `no ${weeks}-week offer at or below coverage level ${level} (the lowest offered is ${lowest}); give a coverage price instead`,
  );
}

function requestedBasis(terms: Terms, rows: readonly LrpRateRow[]): RowBasis & { levelChoice?: LevelChoice } {
  const { request } = terms;
  const weeks = request.endorsementLengthWeeks;
  const forLength = rows.filter((r) => r.endorsementLengthWeeks === weeks);
  if (
    request.coverageLevel !== undefined &&
    lrpSubsidyPercent(request.coverageLevel, request.cropYear) === null
  )
    throw outsideSubsidisedLevels("coverageLevel", request.coverageLevel);
  const match =
    forLength.length === 0
      ? undefined
      : request.coverageLevel !== undefined
        ? request.expectedEndingValue === undefined
          ? rowForLevel(forLength, request.coverageLevel, weeks)
          : // A what-if expected ending value: only a row of exactly that level lends its rate.
            forLength.find((r) => sameLevel(r.coverageLevel, request.coverageLevel as number))
        : forLength.find((r) => Math.abs(r.coveragePrice - (request.coveragePrice as number)) < 0.005);
  const endDate = match?.endDate ?? forLength[0]?.endDate ?? addDays(request.salesDate, weeks * 7);
  const published = match ?? forLength[0];
  const fromPublished = published !== undefined && request.expectedEndingValue === undefined;
  const expectedValue =
    request.expectedEndingValue !== undefined
      ? money(request.expectedEndingValue)
      : published
        ? money(published.expectedEndingValue)
        : futuresExpectedValue(terms, endDate);
  const fromRow = match !== undefined && request.expectedEndingValue === undefined;
  const coveragePrice =
    request.coveragePrice !== undefined
      ? money(request.coveragePrice)
      : fromRow
        ? money(match.coveragePrice)
        : roundCents(expectedValue.times(request.coverageLevel as number));
  const coverageLevel =
    fromRow && match
      ? money(match.coverageLevel)
      : request.coverageLevel !== undefined
        ? money(request.coverageLevel)
        : roundTo(coveragePrice.div(expectedValue), 4);
  // ./factor.ts: a published row's values may hold the factor already; other values never do.
  const paf =
    request.priceAdjustmentFactor !== undefined || !fromPublished
      ? terms.defaultPaf
      : publishedRowFactor(published);
  const basis = {
    weeks,
    endDate,
    expectedValue: toJsonNumber(expectedValue),
    coveragePrice: toJsonNumber(coveragePrice),
    coverageLevel: toJsonNumber(coverageLevel),
    paf,
    ...(match && request.coverageLevel !== undefined && !sameLevel(match.coverageLevel, request.coverageLevel)
      ? {
          levelChoice: {
            requested: request.coverageLevel,
            offered: match.coverageLevel,
            rule: LRP_LEVEL_RULE,
          },
        }
      : {}),
  };
  if (request.rate !== undefined) return { ...basis, rate: request.rate, indicative: false };
  if (match) return { ...basis, rate: match.rate, indicative: false };
  return {
    ...basis,
    rate: modelledRate(terms, endDate, modelVolatility(terms, endDate), expectedValue, coveragePrice),
    indicative: true,
  };
}

function offerTable(terms: Terms, entries: readonly LrpRateEntry[]): LrpCoverageRow[] {
  if (entries.length > 0) {
    const { request } = terms;
    const out: LrpCoverageRow[] = [];
    for (const e of entries) {
      const r = e.row;
      if (!terms.lengthsWeeks.includes(r.endorsementLengthWeeks)) continue; // not the type's in this year
      const band = lrpSubsidyPercent(r.coverageLevel, request.cropYear);
      if (band === null) continue;
      const paf = request.priceAdjustmentFactor !== undefined ? terms.defaultPaf : e.priceAdjustmentFactor;
      out.push(
        coverageRow(
          terms,
          {
            weeks: r.endorsementLengthWeeks,
            endDate: r.endDate,
            expectedValue: r.expectedEndingValue,
            coveragePrice: r.coveragePrice,
            coverageLevel: r.coverageLevel,
            rate: r.rate,
            paf,
            indicative: false,
            coveragePriceDecimal: e.coveragePrice,
            rateDecimal: e.rate,
            put: e.put,
          },
          band,
        ),
      );
    }
    return out;
  }
  const out: LrpCoverageRow[] = [];
  for (const weeks of terms.lengthsWeeks) {
    const endDate = addDays(terms.request.salesDate, weeks * 7);
    const expectedValue =
      terms.request.expectedEndingValue !== undefined
        ? money(terms.request.expectedEndingValue)
        : futuresExpectedValue(terms, endDate);
    const volatility = modelVolatility(terms, endDate);
    const expectedValueNumber = toJsonNumber(expectedValue);
    for (const level of INDICATIVE_LEVELS) {
      const coveragePrice = roundCents(expectedValue.times(level));
      out.push(
        coverageRow(terms, {
          weeks,
          endDate,
          expectedValue: expectedValueNumber,
          coveragePrice: toJsonNumber(coveragePrice),
          coverageLevel: Number(level),
          rate: modelledRate(terms, endDate, volatility, expectedValue, coveragePrice),
          paf: terms.defaultPaf,
          indicative: true,
          coveragePriceDecimal: coveragePrice,
        }),
      );
    }
  }
  return out;
}

function coverageRow(
  terms: Terms,
  b: RowBasis,
  band: Money | null = lrpSubsidyPercent(b.coverageLevel, terms.request.cropYear),
): LrpCoverageRow {
  const { request } = terms;
  if (band === null)
    throw outsideSubsidisedLevels(
      request.coverageLevel !== undefined ? "coverageLevel" : "coveragePrice",
      b.coverageLevel,
    );
  const insured = insuredValueOf(terms, b);
  const premium = lrpPremiumOn(
    terms.units,
    insured.value,
    b.rateDecimal ?? money(b.rate),
    subsidyShareOf(terms, band),
  );
  const put =
    b.put ?? cmePutComparison(terms.put, terms.commodity, request.salesDate, b.endDate, b.coveragePrice);
  return {
    endorsementLengthWeeks: b.weeks,
    endDate: b.endDate,
    coverageLevel: b.coverageLevel,
    expectedValuePerCwt: b.expectedValue,
    coveragePricePerCwt: b.coveragePrice,
    rate: b.rate,
    insuredValue: insured.json,
    totalPremium: toJsonNumber(premium.totalPremium),
    subsidy: toJsonNumber(premium.subsidy),
    producerPremium: toJsonNumber(premium.producerPremium),
    producerPremiumPerCwt: toJsonNumber(premium.producerPremiumPerCwt),
    producerPremiumPerHead: toJsonNumber(premium.producerPremiumPerHead),
    cmePutStrike: put.cmePutStrike,
    cmePutPremiumPerCwt: put.cmePutPremiumPerCwt,
    futuresContractMonth: put.futuresContractMonth,
    indicative: b.indicative,
  };
}

/** The insured value of a coverage price under a PAF; an offer table repeats both across lengths. */
function insuredValueOf(terms: Terms, b: RowBasis): { value: Money; json: number } {
  let byPrice = terms.insuredValues.get(b.paf);
  if (!byPrice) {
    byPrice = new Map();
    terms.insuredValues.set(b.paf, byPrice);
  }
  let insured = byPrice.get(b.coveragePrice);
  if (!insured) {
    const value = lrpInsuredValue(terms.units, b.coveragePriceDecimal ?? money(b.coveragePrice), b.paf);
    insured = { value, json: toJsonNumber(value) };
    byPrice.set(b.coveragePrice, insured);
  }
  return insured;
}

/** Base band plus the beginning/veteran addition, as a share of the total premium. */
function subsidyShareOf(terms: Terms, band: Money): Money {
  let share = terms.subsidyShares.get(band);
  if (!share) {
    share = lrpSubsidyShare(terms.subsidyAddition === 0 ? band : band.plus(terms.subsidyAddition));
    terms.subsidyShares.set(band, share);
  }
  return share;
}

function futuresExpectedValue(terms: Terms, endDate: string): Money {
  const value = expectedValueOnCurve(terms.put.curve, terms.commodity, endDate);
  if (!value)
    throw new DomainError(
      "stale-market-data",
      `No expected ending value for ${terms.commodity}: the market snapshot has neither an RMA rate row nor ${LRP_FUTURES[terms.commodity].root} futures`,
    );
  return value;
}

function expectedValueOnCurve(
  curve: PutContext["curve"],
  commodity: LrpCommodityCode,
  endDate: string,
): Money | null {
  const ref = priceReference(curve, yearMonthOf(endDate));
  return ref ? roundCents(priceFrom(curve, ref) * LRP_FUTURES[commodity].livePerFutures) : null;
}

/**
 * The futures-based expected ending value of an end date on a snapshot: the value the engine prices
 * with when RMA has no rate row (the agent book's indemnity estimate uses it). Null without futures.
 */
export function lrpFuturesExpectedValue(
  snapshot: MarketSnapshot,
  commodity: LrpCommodityCode,
  endDate: string,
): Money | null {
  return expectedValueOnCurve(lrpPutContext(snapshot, commodity, snapshot.asOf).curve, commodity, endDate);
}

/** The at-the-money implied volatility an indicative rate for an endorsement ending on `endDate` uses. */
function modelVolatility(terms: Terms, endDate: string): number | null {
  const { root } = LRP_FUTURES[terms.commodity];
  const curve = terms.put.curve;
  const ref = priceReference(curve, contractMonthOnOrAfter(root, endDate));
  return ref ? curve[ref.terms[ref.terms.length - 1].contract].impliedVolatility : null;
}

function modelledRate(
  terms: Terms,
  endDate: string,
  volatility: number | null,
  expectedValue: Money,
  coveragePrice: Money,
): number {
  if (volatility === null)
    throw new DomainError(
      "stale-market-data",
      `No LRP rate for ${terms.commodity}/${terms.request.type} on ${terms.request.salesDate} and no ${LRP_FUTURES[terms.commodity].root} implied volatility to model one; pass "rate"`,
    );
  const days = Math.max(1, daysBetween(terms.request.salesDate, endDate));
  return indicativeLrpRate(expectedValue.toNumber(), coveragePrice.toNumber(), volatility, days);
}
