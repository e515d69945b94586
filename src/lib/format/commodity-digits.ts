// Imported file by file (not the catalogue's index) so the page bundle takes only what it uses.
import { COMMODITIES } from "../../../shared/catalogue/commodities";
import type { LgmInputCommodity } from "../../../shared/catalogue/lgm-types";
import type { LrpCommodityCode } from "../../../shared/catalogue/livestock";
import type { Commodity } from "../../../shared/schemas/commodity";

// How many digits after the point a commodity's prices show, from the catalogue (spec §9 "Max price
// digits after decimal": grains 4 (options 5), livestock 5 (options 6), meal, canola, milk 2).
//
// The catalogue's digits belong to the price in dollars per the exchange's pricing unit: cattle and hog
// futures trade in $/lb (2.45375, 5 digits), corn in $/bu (4.4575), meal in $/ton, Class III milk in
// $/cwt. The screens show livestock per cwt (100 lb), i.e. the $/lb price × 100 (245.375), which needs
// two digits fewer. So: digits = catalogue digits − log10(shown units per pricing unit), never below 0.

interface PriceSeries {
  /** Spec §3 commodity id of the catalogue. */
  commodityId: number;
  /** How many of the exchange's pricing units one shown unit holds (cwt per lb = 100). */
  shownPerPricingUnit: number;
}

const CATTLE_AND_HOGS_PER_CWT = 100;

const LRP_SERIES: Readonly<Record<LrpCommodityCode, PriceSeries>> = {
  "0801": { commodityId: 10, shownPerPricingUnit: CATTLE_AND_HOGS_PER_CWT }, // Feeder Cattle
  "0802": { commodityId: 11, shownPerPricingUnit: CATTLE_AND_HOGS_PER_CWT }, // Live Cattle
  "0815": { commodityId: 9, shownPerPricingUnit: CATTLE_AND_HOGS_PER_CWT }, // Lean Hogs
};
const LGM_INPUT_SERIES: Readonly<Record<LgmInputCommodity, PriceSeries>> = {
  liveCattle: { commodityId: 11, shownPerPricingUnit: CATTLE_AND_HOGS_PER_CWT },
  feederCattle: { commodityId: 10, shownPerPricingUnit: CATTLE_AND_HOGS_PER_CWT },
  leanHog: { commodityId: 9, shownPerPricingUnit: CATTLE_AND_HOGS_PER_CWT },
  corn: { commodityId: 1, shownPerPricingUnit: 1 }, // $/bu
  soybeanMeal: { commodityId: 12, shownPerPricingUnit: 1 }, // $/short ton
  classIIIMilk: { commodityId: 14, shownPerPricingUnit: 1 }, // $/cwt
};

function catalogueCommodity(id: number): Commodity {
  const found = COMMODITIES.find((c) => c.id === id);
  if (!found) throw new RangeError(`no commodity ${id} in the catalogue`);
  return found;
}

/**
 * Digits after the point of a catalogue commodity's price (or option premium), when shown in a unit
 * that holds `shownPerPricingUnit` of the exchange's pricing units (1: the exchange's own unit).
 */
export function priceDigits(
  commodityId: number,
  kind: "price" | "options" = "price",
  shownPerPricingUnit = 1,
): number {
  const c = catalogueCommodity(commodityId);
  const max =
    kind === "options"
      ? (c.formatOptionsMaxDigitsAfterDecimal ?? c.formatPriceMaxDigitsAfterDecimal)
      : c.formatPriceMaxDigitsAfterDecimal;
  if (max === undefined) throw new RangeError(`the catalogue gives no price digits for ${c.name}`);
  return Math.max(0, max - Math.round(Math.log10(shownPerPricingUnit)));
}

const digitsOf = (s: PriceSeries, kind: "price" | "options") =>
  priceDigits(s.commodityId, kind, s.shownPerPricingUnit);

/** Digits of an LRP commodity's $/cwt prices (expected value, strike) or option premiums. */
export const lrpPriceDigits = (code: LrpCommodityCode, kind: "price" | "options" = "price"): number =>
  digitsOf(LRP_SERIES[code], kind);

/** Digits of an LGM input's futures price in its shown unit ($/cwt, $/bu, $/ton). */
export const lgmInputPriceDigits = (input: LgmInputCommodity): number =>
  digitsOf(LGM_INPUT_SERIES[input], "price");
