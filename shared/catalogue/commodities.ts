import type { Commodity } from "../schemas/commodity";
import { invalidCommodityCode } from "./lookup-errors";

// Spec §3 "Commodity catalogue" (16 commodities, ids 0–15) with the values of §9 "Commodity details",
// "Max price digits", "Strike multipliers", "Price factor", "Special-options codes", "Tradeable",
// "Hedging crops", "Marketing crops". Where the spec gives no value the field is left out (never
// invented). How we read §9's groups:
// - "grains" = Corn, Soybeans, the three wheats and Oats: §9 lists "the grains, sorghum, canola" as
//   marketing crops, so Sorghum is not one of "the grains"; Sorghum therefore has no digits and no strike
//   multiplier in the spec, and none here. "livestock" = Lean Hogs, Feeder Cattle, Live Cattle.
// - "Strike multipliers: grains 100, livestock 1000, meal and canola 1" fill barchartStrikeMultiplier;
//   the spec gives no cqgStrikeMultiplier values.
// - "Max price digits after decimal: ... meal, canola, milk 2" gives no separate options figure for
//   those three, so formatOptionsMaxDigitsAfterDecimal is left out for them.
// - "Price factor 100 for most; 1 for meal, canola, milk, MN wheat": barchartPriceFactor is 1 for those
//   five and 100 for every other commodity (including Sorghum, ZUC and Other/None).
// - "Special-options codes exist for corn, soybeans, HRW, SRW, sorghum, meal" (MN wheat: "no special
//   options"): hasSpecialOptions is true for those six and false for the rest. The codes themselves are
//   not given, so specialOptionTradingCode is left out.
// - Exchange codes are given for Corn (CBOT), HRW (KCBT), HRSW (MIAX) and Canola (ICE) only.
// - sgLrpCommodity / sgLgmCommodity ("set for hogs and cattle"; values not shown): the livestock codes of
//   §3 whose prices follow the contract (DOMAIN.md): Lean Hogs → LRP Swine 0815 and LGM Swine 0815;
//   Feeder Cattle → LRP Feeder Cattle 0801 and LGM Cattle 0803; Live Cattle → LRP Fed Cattle 0802 and
//   LGM Cattle 0803 (LGM cattle margins use both live and feeder cattle).
// - Not given for any commodity: miniTradingCode, cqg* codes, nearTermMonthDistance,
//   nearTermOptionsStrikePrice.
// - Months are 0-based (January = 0), as §3 and §9 give them (see schemas/commodity.ts on "positive").

const WHEAT_MONTHS = [2, 4, 6, 8, 11];
const GRAIN = {
  barchartStrikeMultiplier: 100,
  formatPriceMaxDigitsAfterDecimal: 4,
  formatOptionsMaxDigitsAfterDecimal: 5,
};
const LIVESTOCK = {
  barchartStrikeMultiplier: 1000,
  formatPriceMaxDigitsAfterDecimal: 5,
  formatOptionsMaxDigitsAfterDecimal: 6,
};

export const COMMODITIES: readonly Commodity[] = [
  {
    id: 0,
    name: "Other/None",
    hasSpecialOptions: false,
    barchartPriceFactor: 100,
    isLivestock: false,
    isTradeable: false,
    isMarketingCrop: true,
    isHedgingCrop: true,
  },
  {
    id: 1,
    name: "Corn",
    tradingCode: "ZC",
    barchartExchangeCode: "CBOT",
    uom: "bu",
    standardSize: "5000",
    miniSize: "1000",
    futuresTradingMonths: [2, 4, 6, 8, 11],
    newCropMonth: 11,
    shortDatedCutoff: 8,
    optionStrikePriceStep: "0.1",
    shortDatedAndWeeklyOptionsStrikePrice: "0.05",
    hasSpecialOptions: true,
    barchartPriceFactor: 100,
    ...GRAIN,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: true,
    isHedgingCrop: true,
  },
  {
    id: 2,
    name: "Soybeans",
    tradingCode: "ZS",
    uom: "bu",
    standardSize: "5000",
    miniSize: "1000",
    futuresTradingMonths: [0, 2, 4, 6, 7, 8, 10],
    newCropMonth: 10,
    shortDatedCutoff: 8,
    optionStrikePriceStep: "0.2",
    shortDatedAndWeeklyOptionsStrikePrice: "0.1",
    hasSpecialOptions: true,
    barchartPriceFactor: 100,
    ...GRAIN,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: true,
    isHedgingCrop: true,
  },
  {
    id: 3,
    name: "KC Winter Wheat HRW",
    tradingCode: "KE",
    barchartExchangeCode: "KCBT",
    uom: "bu",
    standardSize: "5000",
    miniSize: "1000",
    futuresTradingMonths: WHEAT_MONTHS,
    newCropMonth: 6,
    shortDatedCutoff: 4,
    optionStrikePriceStep: "0.1",
    hasSpecialOptions: true,
    barchartPriceFactor: 100,
    ...GRAIN,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: true,
    isHedgingCrop: true,
  },
  {
    id: 4,
    name: "MN Spring Wheat HRSW",
    tradingCode: "MW",
    barchartExchangeCode: "MIAX",
    uom: "bu",
    standardSize: "5000",
    futuresTradingMonths: WHEAT_MONTHS,
    newCropMonth: 8,
    shortDatedCutoff: 6,
    optionStrikePriceStep: "0.1",
    hasSpecialOptions: false,
    barchartPriceFactor: 1,
    barchartOptionsPriceFactor: 100,
    ...GRAIN,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: true,
    isHedgingCrop: true,
  },
  {
    id: 5,
    name: "CHI Winter Wheat SRW",
    tradingCode: "ZW",
    uom: "bu",
    standardSize: "5000",
    miniSize: "1000",
    futuresTradingMonths: WHEAT_MONTHS,
    newCropMonth: 6,
    shortDatedCutoff: 4,
    optionStrikePriceStep: "0.1",
    hasSpecialOptions: true,
    barchartPriceFactor: 100,
    ...GRAIN,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: true,
    isHedgingCrop: true,
  },
  {
    id: 6,
    name: "Oats",
    tradingCode: "ZO",
    uom: "bu",
    standardSize: "5000",
    futuresTradingMonths: WHEAT_MONTHS,
    newCropMonth: 8,
    shortDatedCutoff: 6,
    optionStrikePriceStep: "0.05",
    hasSpecialOptions: false,
    barchartPriceFactor: 100,
    ...GRAIN,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: true,
    isHedgingCrop: false,
  },
  {
    id: 7,
    name: "Sorghum",
    uom: "bu",
    standardSize: "5000",
    futuresTradingMonths: WHEAT_MONTHS,
    newCropMonth: 11,
    shortDatedCutoff: 8,
    optionStrikePriceStep: "0.05",
    hasSpecialOptions: true,
    barchartPriceFactor: 100,
    isLivestock: false,
    isTradeable: false,
    isMarketingCrop: true,
    isHedgingCrop: false,
  },
  {
    id: 8,
    name: "ZUC",
    uom: "bu",
    standardSize: "5000",
    hasSpecialOptions: false,
    barchartPriceFactor: 100,
    isLivestock: false,
    isTradeable: false,
    isMarketingCrop: false,
    isHedgingCrop: false,
  },
  {
    id: 9,
    name: "Lean Hogs",
    tradingCode: "HE",
    uom: "lbs",
    standardSize: "40000",
    futuresTradingMonths: [1, 3, 4, 5, 6, 7, 9, 11],
    newCropMonth: 1,
    shortDatedCutoff: 11,
    optionStrikePriceStep: "0.000125",
    hasSpecialOptions: false,
    barchartPriceFactor: 100,
    ...LIVESTOCK,
    sgLrpCommodity: "0815",
    sgLgmCommodity: "0815",
    isLivestock: true,
    isTradeable: true,
    isMarketingCrop: false,
    isHedgingCrop: false,
  },
  {
    id: 10,
    name: "Feeder Cattle",
    tradingCode: "GF",
    uom: "lbs",
    standardSize: "50000",
    futuresTradingMonths: [0, 2, 3, 4, 7, 8, 9, 10],
    newCropMonth: 0,
    shortDatedCutoff: 10,
    optionStrikePriceStep: "0.000125",
    hasSpecialOptions: false,
    barchartPriceFactor: 100,
    ...LIVESTOCK,
    sgLrpCommodity: "0801",
    sgLgmCommodity: "0803",
    isLivestock: true,
    isTradeable: true,
    isMarketingCrop: false,
    isHedgingCrop: false,
  },
  {
    id: 11,
    name: "Live Cattle",
    tradingCode: "LE",
    uom: "lbs",
    standardSize: "40000",
    futuresTradingMonths: [1, 3, 5, 7, 9, 11],
    newCropMonth: 1,
    shortDatedCutoff: 11,
    optionStrikePriceStep: "0.00025",
    hasSpecialOptions: false,
    barchartPriceFactor: 100,
    ...LIVESTOCK,
    sgLrpCommodity: "0802",
    sgLgmCommodity: "0803",
    isLivestock: true,
    isTradeable: true,
    isMarketingCrop: false,
    isHedgingCrop: false,
  },
  {
    id: 12,
    name: "Soybean Meal",
    tradingCode: "ZM",
    uom: "ton",
    standardSize: "100",
    futuresTradingMonths: [0, 2, 4, 6, 8, 9, 11],
    newCropMonth: 11,
    shortDatedCutoff: 9,
    optionStrikePriceStep: "0.05",
    hasSpecialOptions: true,
    barchartStrikeMultiplier: 1,
    barchartPriceFactor: 1,
    formatPriceMaxDigitsAfterDecimal: 2,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: false,
    isHedgingCrop: false,
  },
  {
    id: 13,
    name: "Canola",
    tradingCode: "RS",
    barchartExchangeCode: "ICE",
    uom: "lbs",
    standardSize: "2204.62",
    futuresTradingMonths: [0, 2, 4, 6, 10],
    newCropMonth: 0,
    shortDatedCutoff: 10,
    optionStrikePriceStep: "0.05",
    hasSpecialOptions: false,
    barchartStrikeMultiplier: 1,
    barchartPriceFactor: 1,
    formatPriceMaxDigitsAfterDecimal: 2,
    isLivestock: false,
    isTradeable: false,
    isMarketingCrop: true,
    isHedgingCrop: false,
  },
  {
    id: 14,
    name: "Milk 3",
    tradingCode: "DL",
    uom: "cwt",
    standardSize: "2000",
    futuresTradingMonths: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    newCropMonth: 0,
    shortDatedCutoff: 10,
    optionStrikePriceStep: "0.01",
    hasSpecialOptions: false,
    barchartPriceFactor: 1,
    formatPriceMaxDigitsAfterDecimal: 2,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: false,
    isHedgingCrop: true,
  },
  {
    id: 15,
    name: "Milk 4",
    tradingCode: "DK",
    uom: "cwt",
    standardSize: "2000",
    futuresTradingMonths: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    newCropMonth: 0,
    shortDatedCutoff: 10,
    optionStrikePriceStep: "0.01",
    hasSpecialOptions: false,
    barchartPriceFactor: 1,
    formatPriceMaxDigitsAfterDecimal: 2,
    isLivestock: false,
    isTradeable: true,
    isMarketingCrop: false,
    isHedgingCrop: true,
  },
];

export const COMMODITY_NAME_BY_ID: Readonly<Record<number, string>> = Object.fromEntries(
  COMMODITIES.map((c) => [c.id, c.name]),
);
export const COMMODITY_ID_BY_NAME: Readonly<Record<string, number>> = Object.fromEntries(
  COMMODITIES.map((c) => [c.name, c.id]),
);

/** Throws DomainError "invalid-commodity" (`Invalid commodity code: {id}`) for an id outside 0–15. */
export function getCommodity(id: number): Commodity {
  const found = COMMODITIES.find((c) => c.id === id);
  if (!found) throw invalidCommodityCode(String(id));
  return found;
}

/** The commodity whose futures trade under a code such as "GF"; throws for an unknown code. */
export function getCommodityByTradingCode(tradingCode: string): Commodity {
  const found = COMMODITIES.find((c) => c.tradingCode === tradingCode);
  if (!found) throw invalidCommodityCode(tradingCode);
  return found;
}

export const tradeableCommodities = (): readonly Commodity[] => COMMODITIES.filter((c) => c.isTradeable);
export const hedgingCrops = (): readonly Commodity[] => COMMODITIES.filter((c) => c.isHedgingCrop);
export const marketingCrops = (): readonly Commodity[] => COMMODITIES.filter((c) => c.isMarketingCrop);

/** Spec §9 "Report names". */
export const REPORT_NAMES = [
  "Corn",
  "Soybean Meal",
  "Live Cattle",
  "Feeder Cattle",
  "Lean Hog",
  "Expected Gross Margin",
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];
