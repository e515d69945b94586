import { describe, expect, it } from "vitest";
import type { DomainError } from "../errors";
import { commoditySchema } from "../schemas/commodity";
import {
  COMMODITIES,
  COMMODITY_ID_BY_NAME,
  COMMODITY_NAME_BY_ID,
  getCommodity,
  getCommodityByTradingCode,
  hedgingCrops,
  marketingCrops,
  REPORT_NAMES,
  tradeableCommodities,
} from "./commodities";

const byName = (name: string) => getCommodity(COMMODITY_ID_BY_NAME[name] as number);
const ALL_MONTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

describe("commodity catalogue (spec §3, §9)", () => {
  it("16 commodities with the spec's ids and names", () => {
    expect(COMMODITIES.map((c) => [c.id, c.name])).toEqual([
      [0, "Other/None"],
      [1, "Corn"],
      [2, "Soybeans"],
      [3, "KC Winter Wheat HRW"],
      [4, "MN Spring Wheat HRSW"],
      [5, "CHI Winter Wheat SRW"],
      [6, "Oats"],
      [7, "Sorghum"],
      [8, "ZUC"],
      [9, "Lean Hogs"],
      [10, "Feeder Cattle"],
      [11, "Live Cattle"],
      [12, "Soybean Meal"],
      [13, "Canola"],
      [14, "Milk 3"],
      [15, "Milk 4"],
    ]);
    for (const c of COMMODITIES) {
      expect(COMMODITY_NAME_BY_ID[c.id]).toBe(c.name);
      expect(COMMODITY_ID_BY_NAME[c.name]).toBe(c.id);
    }
  });

  it("every entry satisfies the commodity schema", () => {
    for (const c of COMMODITIES) expect(commoditySchema.parse(c)).toEqual(c);
  });

  // name, uom, size, mini, months, newCrop, cutoff, strike step, short-dated step, trading code, exchange
  it.each([
    ["Corn", "bu", "5000", "1000", [2, 4, 6, 8, 11], 11, 8, "0.1", "0.05", "ZC", "CBOT"],
    ["Soybeans", "bu", "5000", "1000", [0, 2, 4, 6, 7, 8, 10], 10, 8, "0.2", "0.1", "ZS", undefined],
    ["KC Winter Wheat HRW", "bu", "5000", "1000", [2, 4, 6, 8, 11], 6, 4, "0.1", undefined, "KE", "KCBT"],
    ["MN Spring Wheat HRSW", "bu", "5000", undefined, [2, 4, 6, 8, 11], 8, 6, "0.1", undefined, "MW", "MIAX"],
    ["CHI Winter Wheat SRW", "bu", "5000", "1000", [2, 4, 6, 8, 11], 6, 4, "0.1", undefined, "ZW", undefined],
    ["Oats", "bu", "5000", undefined, [2, 4, 6, 8, 11], 8, 6, "0.05", undefined, "ZO", undefined],
    ["Sorghum", "bu", "5000", undefined, [2, 4, 6, 8, 11], 11, 8, "0.05", undefined, undefined, undefined],
    [
      "ZUC",
      "bu",
      "5000",
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ],
    [
      "Lean Hogs",
      "lbs",
      "40000",
      undefined,
      [1, 3, 4, 5, 6, 7, 9, 11],
      1,
      11,
      "0.000125",
      undefined,
      "HE",
      undefined,
    ],
    [
      "Feeder Cattle",
      "lbs",
      "50000",
      undefined,
      [0, 2, 3, 4, 7, 8, 9, 10],
      0,
      10,
      "0.000125",
      undefined,
      "GF",
      undefined,
    ],
    [
      "Live Cattle",
      "lbs",
      "40000",
      undefined,
      [1, 3, 5, 7, 9, 11],
      1,
      11,
      "0.00025",
      undefined,
      "LE",
      undefined,
    ],
    [
      "Soybean Meal",
      "ton",
      "100",
      undefined,
      [0, 2, 4, 6, 8, 9, 11],
      11,
      9,
      "0.05",
      undefined,
      "ZM",
      undefined,
    ],
    ["Canola", "lbs", "2204.62", undefined, [0, 2, 4, 6, 10], 0, 10, "0.05", undefined, "RS", "ICE"],
    ["Milk 3", "cwt", "2000", undefined, ALL_MONTHS, 0, 10, "0.01", undefined, "DL", undefined],
    ["Milk 4", "cwt", "2000", undefined, ALL_MONTHS, 0, 10, "0.01", undefined, "DK", undefined],
  ] as const)(
    "%s: contract details",
    (name, uom, size, mini, months, newCrop, cutoff, step, shortStep, code, exchange) => {
      const c = byName(name);
      expect([
        c.uom,
        c.standardSize,
        c.miniSize,
        c.futuresTradingMonths,
        c.newCropMonth,
        c.shortDatedCutoff,
        c.optionStrikePriceStep,
        c.shortDatedAndWeeklyOptionsStrikePrice,
        c.tradingCode,
        c.barchartExchangeCode,
      ]).toEqual([uom, size, mini, months, newCrop, cutoff, step, shortStep, code, exchange]);
    },
  );

  it("Other/None has no contract details", () => {
    const none = getCommodity(0);
    expect(none.tradingCode).toBeUndefined();
    expect(none.uom).toBeUndefined();
    expect(none.standardSize).toBeUndefined();
    expect(none.futuresTradingMonths).toBeUndefined();
  });

  // name, price digits, options digits, strike multiplier, price factor, options price factor, special options
  it.each([
    ["Other/None", undefined, undefined, undefined, 100, undefined, false],
    ["Corn", 4, 5, 100, 100, undefined, true],
    ["Soybeans", 4, 5, 100, 100, undefined, true],
    ["KC Winter Wheat HRW", 4, 5, 100, 100, undefined, true],
    ["MN Spring Wheat HRSW", 4, 5, 100, 1, 100, false],
    ["CHI Winter Wheat SRW", 4, 5, 100, 100, undefined, true],
    ["Oats", 4, 5, 100, 100, undefined, false],
    ["Sorghum", undefined, undefined, undefined, 100, undefined, true],
    ["ZUC", undefined, undefined, undefined, 100, undefined, false],
    ["Lean Hogs", 5, 6, 1000, 100, undefined, false],
    ["Feeder Cattle", 5, 6, 1000, 100, undefined, false],
    ["Live Cattle", 5, 6, 1000, 100, undefined, false],
    ["Soybean Meal", 2, undefined, 1, 1, undefined, true],
    ["Canola", 2, undefined, 1, 1, undefined, false],
    ["Milk 3", 2, undefined, undefined, 1, undefined, false],
    ["Milk 4", 2, undefined, undefined, 1, undefined, false],
  ] as const)(
    "%s: digits, multipliers, factors, special options",
    (name, digits, optDigits, strikeMult, pf, opf, special) => {
      const c = byName(name);
      expect([
        c.formatPriceMaxDigitsAfterDecimal,
        c.formatOptionsMaxDigitsAfterDecimal,
        c.barchartStrikeMultiplier,
        c.barchartPriceFactor,
        c.barchartOptionsPriceFactor,
        c.hasSpecialOptions,
      ]).toEqual([digits, optDigits, strikeMult, pf, opf, special]);
    },
  );

  it("flags: tradeable, hedging crops, marketing crops, livestock", () => {
    const names = (list: readonly { name: string }[]) => list.map((c) => c.name);
    expect(names(tradeableCommodities())).toEqual([
      "Corn",
      "Soybeans",
      "KC Winter Wheat HRW",
      "MN Spring Wheat HRSW",
      "CHI Winter Wheat SRW",
      "Oats",
      "Lean Hogs",
      "Feeder Cattle",
      "Live Cattle",
      "Soybean Meal",
      "Milk 3",
      "Milk 4",
    ]);
    expect(names(hedgingCrops())).toEqual([
      "Other/None",
      "Corn",
      "Soybeans",
      "KC Winter Wheat HRW",
      "MN Spring Wheat HRSW",
      "CHI Winter Wheat SRW",
      "Milk 3",
      "Milk 4",
    ]);
    expect(names(marketingCrops())).toEqual([
      "Other/None",
      "Corn",
      "Soybeans",
      "KC Winter Wheat HRW",
      "MN Spring Wheat HRSW",
      "CHI Winter Wheat SRW",
      "Oats",
      "Sorghum",
      "Canola",
    ]);
    expect(names(COMMODITIES.filter((c) => c.isLivestock))).toEqual([
      "Lean Hogs",
      "Feeder Cattle",
      "Live Cattle",
    ]);
  });

  it("sgLrpCommodity / sgLgmCommodity are set for hogs and cattle only", () => {
    expect(
      COMMODITIES.filter((c) => c.sgLrpCommodity || c.sgLgmCommodity).map((c) => [
        c.name,
        c.sgLrpCommodity,
        c.sgLgmCommodity,
      ]),
    ).toEqual([
      ["Lean Hogs", "0815", "0815"],
      ["Feeder Cattle", "0801", "0803"],
      ["Live Cattle", "0802", "0803"],
    ]);
  });

  it("lookups by trading code; unknown id or code fails", () => {
    expect(getCommodityByTradingCode("GF").name).toBe("Feeder Cattle");
    expect(getCommodityByTradingCode("HE").id).toBe(9);
    let error: DomainError | undefined;
    try {
      getCommodity(16);
    } catch (e) {
      error = e as DomainError;
    }
    expect(error?.code).toBe("invalid-commodity");
    expect(error?.message).toBe("Invalid commodity code: 16");
    expect(() => getCommodityByTradingCode("XX")).toThrow("Invalid commodity code: XX");
  });

  it("report names (§9)", () => {
    expect(REPORT_NAMES).toEqual([
      "Corn",
      "Soybean Meal",
      "Live Cattle",
      "Feeder Cattle",
      "Lean Hog",
      "Expected Gross Margin",
    ]);
  });
});
