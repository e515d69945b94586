import { getLrpType } from "../catalogue/lrp-types";
import { DomainError } from "../errors";
import { isoDateToUtc } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import { LRP_FUTURES } from "../pricing/lrp/markets";
import { Money, money } from "../pricing/money";

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

function volatilityOf(reference: MarketSnapshot, commodity: string): number {
  const root = LRP_FUTURES[commodity as keyof typeof LRP_FUTURES]?.root;
  const vols = reference.futures
    .filter((f) => f.root === root && f.impliedVolatility !== undefined)
    .map((f) => f.impliedVolatility as number);
  return vols.length === 0 ? DEFAULT_VOLATILITY : Math.max(MIN_VOLATILITY, ...vols);
}

/**
 * The first of the typed coverage price and rate outside RMA's bounds near the sales day, as a refusal
 * naming the field and the bound (DomainError, path ["sce", field]); null when both are inside, or when
 * `reference` holds no offer of the type.
 */
export function lrpSceBoundsError(
  f: LrpSceBoundsInput,
  reference: MarketSnapshot | null,
): DomainError | null {
  if (!reference) return null;
  const type = getLrpType(f.commodity, f.type);
  const ofType = reference.lrpRates.filter(
    (r) => r.commodityCode === type.commodityCode && r.typeCode === type.code,
  );
  const ofLength = ofType.filter((r) => r.endorsementLengthWeeks === f.endorsementLengthWeeks);
  const rows = ofLength.length > 0 ? ofLength : ofType;
  if (rows.length === 0) return null;
  const days = Math.abs(isoDateToUtc(f.salesDate) - isoDateToUtc(reference.asOf)) / 86_400_000;
  const width =
    BASE_WIDTH + VOLATILITIES * volatilityOf(reference, type.commodityCode) * Math.sqrt(days / 365);
  const widen = money(Math.exp(width).toFixed(6));
  const values = rows.map((r) => money(r.expectedEndingValue));
  const low = Money.min(...values)
    .div(widen)
    .times(f.coverageLevel);
  const high = Money.max(...values)
    .times(widen)
    .times(f.coverageLevel);
  const near = `RMA's offers of ${reference.asOf} for ${type.label}${ofLength.length > 0 ? `, ${f.endorsementLengthWeeks} weeks` : ""}`;
  const spread = `widened for the ${Math.round(days)} days from ${f.salesDate}`;
  if (f.coveragePrice.lt(low) || f.coveragePrice.gt(high))
    return new DomainError(
      "invalid-input",
      `sce.coveragePrice: ${cents(f.coveragePrice)} per cwt is outside RMA's bounds for that type and day: ${cents(low)} to ${cents(high)} per cwt at coverage level ${f.coverageLevel.toFixed()} (${near}, ${spread})`,
      ["sce", "coveragePrice"],
    );
  const rates = ofLength.map((r) => r.rate).filter((r) => r > 0);
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
