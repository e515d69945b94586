import { getLgmType } from "../catalogue";
import { getLrpType } from "../catalogue/lrp-types";
import type { FarmerClassification } from "../catalogue/plans";
import type { LgmEndorsement } from "../documents/book";
import { DomainError } from "../errors";
import { isoDateToUtc } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import { quoteLgm } from "../pricing/lgm/quote";
import { LRP_FUTURES } from "../pricing/lrp/markets";
import { Money, money, roundDollars } from "../pricing/money";
import { lgmQuoteInputFor } from "./lgm-endorsement";

// Rule SCE1's bounds for LRP figures typed from the SCE (docs/book-import.md "SCE figures on the server"):
// where the market history does not hold the sales day's offers, the typed coverage price and rate must
// still fall inside what RMA published for the type near that day. The reference is the held snapshot
// nearest the sales date (the server: its history, else the current snapshot; a day held without the
// row: that day itself). Bounds, per type and endorsement length (any length when the reference has
// none of the typed one):
//   - expected ending value within the reference's, widened by 10 % (other lengths, the term structure)
//     plus 4 annualised volatilities over the time between the two days (the commodity's largest implied
//     volatility in the reference, at least 15 %; 30 % when it has none): a price that moved further is
//     not a market RMA priced. The coverage price's bounds are those × the coverage level.
//   - rate within the reference's rates of the length (across its levels), halved and doubled and widened
//     by the same factor: a rate follows the volatility.
// With no reference (no snapshot held at all) there is no bound beyond sce-figures.ts's.

/** The reference holds nothing to bound the figures with (no snapshot, or none of the type): only their agreement counts. */
export const UNBOUNDED = "unbounded" as const;
/** A bounds check: the refusal, null when inside, or UNBOUNDED. */
type Bounded = DomainError | null | typeof UNBOUNDED;

const BASE_WIDTH = 0.1;
const VOLATILITIES = 4;
const MIN_VOLATILITY = 0.15;
const DEFAULT_VOLATILITY = 0.3;

interface LrpSceBoundsInput {
  commodity: string;
  type: string;
  endorsementLengthWeeks: number;
  salesDate: string;
  coverageLevel: Money;
  coveragePrice: Money;
  rate: Money;
}

const cents = (m: Money) => `$${m.toDecimalPlaces(2).toFixed(2)}`;
const dollars = (m: Money) => `${m.isNegative() ? "-" : ""}$${m.abs().toDecimalPlaces(0).toFixed(0)}`;

function volatilityOf(reference: MarketSnapshot, commodity: string): number {
  const root = LRP_FUTURES[commodity as keyof typeof LRP_FUTURES]?.root;
  const vols = reference.futures
    .filter((f) => f.root === root && f.impliedVolatility !== undefined)
    .map((f) => f.impliedVolatility as number);
  return vols.length === 0 ? DEFAULT_VOLATILITY : Math.max(MIN_VOLATILITY, ...vols);
}

/** What the bounds read of a reference's offers of one type and length (PERF41: read once per snapshot). */
interface OffersOfType {
  /** Whether the reference has offers of the typed length (else those of any length are used). */
  ofLength: boolean;
  lowValue: Money;
  highValue: Money;
  /** The positive rates of the typed length, across its levels. */
  rates: number[];
  volatility: number;
}
/**
 * The offers' figures by snapshot and by "commodity type weeks": an import judges thousands of rows against
 * the same reference, and filtering its offers per row was 15 % of a 10,000-row plan. A snapshot is never
 * changed once made, so what is read of it holds for its life.
 */
const offersRead = new WeakMap<MarketSnapshot, Map<string, OffersOfType | null>>();

function offersOf(
  reference: MarketSnapshot,
  type: { commodityCode: string; code: string },
  weeks: number,
): OffersOfType | null {
  let read = offersRead.get(reference);
  if (!read) {
    read = new Map();
    offersRead.set(reference, read);
  }
  const key = `${type.commodityCode} ${type.code} ${weeks}`;
  const known = read.get(key);
  if (known !== undefined) return known;
  const ofType = reference.lrpRates.filter(
    (r) => r.commodityCode === type.commodityCode && r.typeCode === type.code,
  );
  const ofLength = ofType.filter((r) => r.endorsementLengthWeeks === weeks);
  const rows = ofLength.length > 0 ? ofLength : ofType;
  const values = rows.map((r) => money(r.expectedEndingValue));
  const offers =
    rows.length === 0
      ? null
      : {
          ofLength: ofLength.length > 0,
          lowValue: Money.min(...values),
          highValue: Money.max(...values),
          rates: ofLength.map((r) => r.rate).filter((r) => r > 0),
          volatility: volatilityOf(reference, type.commodityCode),
        };
  read.set(key, offers);
  return offers;
}

/**
 * The first of the typed coverage price and rate outside RMA's bounds near the sales day, as a refusal
 * naming the field and the bound (DomainError, path ["sce", field]); null when both are inside; UNBOUNDED
 * when there is no `reference` or it holds no offer of the type.
 */
export function lrpSceBoundsError(f: LrpSceBoundsInput, reference: MarketSnapshot | null): Bounded {
  if (!reference) return UNBOUNDED;
  const type = getLrpType(f.commodity, f.type);
  const offers = offersOf(reference, type, f.endorsementLengthWeeks);
  if (!offers) return UNBOUNDED;
  const days = Math.abs(isoDateToUtc(f.salesDate) - isoDateToUtc(reference.asOf)) / 86_400_000;
  const width = BASE_WIDTH + VOLATILITIES * offers.volatility * Math.sqrt(days / 365);
  const widen = money(Math.exp(width).toFixed(6));
  const low = offers.lowValue.div(widen).times(f.coverageLevel);
  const high = offers.highValue.times(widen).times(f.coverageLevel);
  const near = `RMA's offers of ${reference.asOf} for ${type.label}${offers.ofLength ? `, ${f.endorsementLengthWeeks} weeks` : ""}`;
  const spread = `widened for the ${Math.round(days)} days from ${f.salesDate}`;
  if (f.coveragePrice.lt(low) || f.coveragePrice.gt(high))
    return new DomainError(
      "invalid-input",
      `sce.coveragePrice: ${cents(f.coveragePrice)} per cwt is outside RMA's bounds for that type and day: ${cents(low)} to ${cents(high)} per cwt at coverage level ${f.coverageLevel.toFixed()} (${near}, ${spread})`,
      ["sce", "coveragePrice"],
    );
  const { rates } = offers;
  if (rates.length === 0) return null;
  const rateLow = money(Math.min(...rates))
    .div(2)
    .div(widen)
    .toDecimalPlaces(6);
  const rateHigh = Money.min(
    money(Math.max(...rates))
      .times(2)
      .times(widen),
    money("0.999999"),
  ).toDecimalPlaces(6);
  if (f.rate.lt(rateLow) || f.rate.gt(rateHigh))
    return new DomainError(
      "invalid-input",
      `sce.rate: ${f.rate.toFixed()} is outside RMA's rates for that type and day: ${rateLow.toFixed()} to ${rateHigh.toFixed()} (${near}, ${spread})`,
      ["sce", "rate"],
    );
  return null;
}

// LGM figures typed from the SCE (issue 40 §2): where the sales day is not held, the typed expected gross
// margin and premium must fall inside what the engine gives for the same endorsement — the same type,
// marketings (by month of the insurance period), deductible and weights — bought on the reference day
// (quoteLgm on the held snapshot nearest the sales date). A gross margin is a difference of prices
// (docs/pricing.md "LGM": 12.5 × LE − 7.5 × GF − 50 × C for yearlings), so it moves by dollars, not by a share
// of itself — a few percent on the cattle prices moves a $200-a-head margin by half, and a share of a margin
// near zero is no room at all (SCE4). Its bounds are the reference's margin ± 20 % of it ± 4 standard
// deviations of the margin's move over the days between: the engine's own dispersion of the total margin
// (its zero-deductible premium, before RMA's 3 % load, is the expected shortfall E[max(0, EGM − M)] =
// σ/√(2π) of a normal margin), scaled by √(days ÷ the days to the first month with marketings, at least 30).
// The premium, as a share of the expected gross margin, lies within half and twice the
// reference's share, widened as LRP's rate is (by volatility, without the leverage), and is never more
// than the gross margin guarantee, the most the endorsement can pay. The guarantee and the subsidy follow from these by RMA's tables
// (sce-figures.ts checks that they agree). With no reference, or no LGM price on it, no bound beyond
// that agreement.

const LGM_BASE_WIDTH = 0.2;
/** RMA's load on the expected loss (docs/pricing.md, LGM step 6). */
const LGM_LOAD = 1.03;
/** E[max(0, μ − M)] of a normal margin M is σ/√(2π). */
const SHORTFALL_PER_SIGMA = 1 / Math.sqrt(2 * Math.PI);
/** Draws for the reference's premium: a bound, not a price (the engine's own 5,000 price the offer). */
const LGM_BOUND_DRAWS = 1000;

interface LgmSceBoundsInput {
  commodity: string;
  type: string;
  salesDate: string;
  targetMarketings: readonly number[];
  deductible: number;
  weights?: LgmEndorsement["weights"];
  stateCode?: string;
  farmerClassification: FarmerClassification;
  expectedGrossMargin: Money;
  grossMarginGuarantee: Money;
  totalPremium: Money;
}

function largestVolatility(reference: MarketSnapshot): number {
  const vols = reference.futures.flatMap((f) =>
    f.impliedVolatility === undefined ? [] : [f.impliedVolatility],
  );
  return vols.length === 0 ? DEFAULT_VOLATILITY : Math.max(MIN_VOLATILITY, ...vols);
}

/** The reference day's price of the same endorsement, or null when the reference has no LGM price for it. */
function referenceQuote(f: LgmSceBoundsInput, reference: MarketSnapshot) {
  try {
    return quoteLgm(
      lgmQuoteInputFor({
        salesDate: reference.asOf,
        commodity: f.commodity as LgmEndorsement["commodity"],
        type: f.type,
        targetMarketings: [...f.targetMarketings],
        deductible: f.deductible,
        ...(f.weights ? { weights: f.weights } : {}),
        ...(f.stateCode !== undefined ? { stateCode: f.stateCode } : {}),
        profile: { farmerClassification: f.farmerClassification },
      }),
      reference,
      { simulationDraws: LGM_BOUND_DRAWS },
    );
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

/**
 * How far, in dollars, the reference's total margin may have moved over `days`: 4 standard deviations of
 * the engine's own margin dispersion (from its zero-deductible premium), scaled to the days between.
 */
function marginMove(
  quote: NonNullable<ReturnType<typeof referenceQuote>>,
  asOf: string,
  days: number,
): number {
  const zero = quote.deductibleCurve.find((p) => p.deductible === 0) ?? quote.deductibleCurve[0];
  const sigma = zero ? zero.totalPremium / LGM_LOAD / SHORTFALL_PER_SIGMA : 0;
  const first = quote.months.find((m) => m.targetMarketings > 0)?.marketingMonth;
  const toFirst = first ? (isoDateToUtc(`${first.slice(0, 7)}-28`) - isoDateToUtc(asOf)) / 86_400_000 : 365;
  return VOLATILITIES * sigma * Math.sqrt(days / Math.max(30, toFirst));
}

/**
 * The first of the typed expected gross margin and premium outside the bounds near the sales day, as a
 * refusal naming the field and the bound (path ["sce", field]); null when inside; UNBOUNDED with no
 * reference, or one without an LGM price for the endorsement.
 */
export function lgmSceBoundsError(f: LgmSceBoundsInput, reference: MarketSnapshot | null): Bounded {
  if (!reference) return UNBOUNDED;
  const quote = referenceQuote(f, reference);
  if (!quote || quote.noSales) return UNBOUNDED;
  const days = Math.abs(isoDateToUtc(f.salesDate) - isoDateToUtc(reference.asOf)) / 86_400_000;
  const label = getLgmType(f.commodity, f.type).label;
  const near = `the engine's price of the same marketings and deductible on ${reference.asOf} for ${label}, widened for the ${Math.round(days)} days from ${f.salesDate}`;
  const margin = money(quote.expectedGrossMargin);
  const room = margin
    .abs()
    .times(LGM_BASE_WIDTH)
    .plus(marginMove(quote, reference.asOf, days).toFixed(2));
  const low = roundDollars(margin.minus(room));
  const high = roundDollars(margin.plus(room));
  if (f.expectedGrossMargin.lt(low) || f.expectedGrossMargin.gt(high))
    return new DomainError(
      "invalid-input",
      `sce.expectedGrossMargin: ${dollars(f.expectedGrossMargin)} is outside RMA's bounds for that type and day: ${dollars(low)} to ${dollars(high)} (${near})`,
      ["sce", "expectedGrossMargin"],
    );
  if (margin.lte(0) || f.expectedGrossMargin.lte(0) || quote.totalPremium <= 0) return null;
  // The premium's share follows the volatility, not the margin's level: widened as LRP's rate is, and never
  // more than the guarantee (the most the endorsement can pay).
  const rateWiden = money(
    Math.exp(BASE_WIDTH + VOLATILITIES * largestVolatility(reference) * Math.sqrt(days / 365)).toFixed(6),
  );
  const share = money(quote.totalPremium).div(margin);
  const premiumLow = roundDollars(f.expectedGrossMargin.times(share.div(2).div(rateWiden)));
  const premiumHigh = Money.max(
    Money.min(
      roundDollars(f.expectedGrossMargin.times(share.times(2).times(rateWiden))),
      f.grossMarginGuarantee,
    ),
    premiumLow,
  );
  if (f.totalPremium.lt(premiumLow) || f.totalPremium.gt(premiumHigh))
    return new DomainError(
      "invalid-input",
      `sce.totalPremium: ${dollars(f.totalPremium)} is outside RMA's bounds for that type and day: ${dollars(premiumLow)} to ${dollars(premiumHigh)} for an expected gross margin of ${dollars(f.expectedGrossMargin)} (${near})`,
      ["sce", "totalPremium"],
    );
  return null;
}
