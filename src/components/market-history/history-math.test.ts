import { describe, expect, it } from "vitest";
import { backtest, type OfferDay, otherLevels, sourceCounts, windowSummary } from "./history-math";

const day = (asOf: string, coveragePrice: number, costPerCwt: number, endDate: string): OfferDay => ({
  asOf,
  coveragePrice,
  costPerCwt,
  endDate,
  expectedEndingValue: coveragePrice,
  rate: costPerCwt / coveragePrice,
  coverageLevel: 0.95,
});

describe("offer history", () => {
  const days = [
    day("2025-12-01", 200, 5, "2026-03-02"),
    day("2026-11-02", 240, 6, "2027-02-01"),
    day("2026-11-19", 250, 7.5, "2027-02-18"),
    day("2026-11-20", 252.5, 8, "2027-02-19"),
  ];
  it("summarises the days before today within the window (today excluded)", () => {
    expect(windowSummary(days, "2026-11-20", 30)).toEqual({
      coveragePrice: { days: 2, min: "240.00", max: "250.00", mean: "245.00" },
      premium: { days: 2, min: "6.00", max: "7.50", mean: "6.75" },
    });
    expect(windowSummary(days, "2026-11-20", 365)?.coveragePrice.days).toBe(3);
    expect(windowSummary(days, "2025-12-01", 30)).toBeNull();
  });
  it("back-tests: indemnity from the actual ending value, net of the producer premium (after subsidy)", () => {
    const rows = backtest(
      days.slice(0, 2),
      [
        { commodityCode: "0801", typeCode: "810", endDate: "2026-03-02", actualEndingValue: 190.25 },
        { commodityCode: "0802", typeCode: "810", endDate: "2027-02-01", actualEndingValue: 1 },
      ],
      "0801",
      "810",
    );
    // 0.95 level: 35 % subsidy (crop years 2021 on) → producer premium 5 × 0.65 = 3.25
    expect(rows[0]).toEqual({
      asOf: "2025-12-01",
      endDate: "2026-03-02",
      coveragePrice: "200.00",
      premium: "5.00",
      producerPremium: "3.25",
      actualEndingValue: "190.25",
      indemnity: "9.75",
      net: "6.50",
      daySource: "real",
      endingSource: "real",
    });
    // not ended yet (another commodity's value does not count)
    expect(rows[1]).toMatchObject({ actualEndingValue: null, indemnity: null, net: null });
  });
  it("says per row whether the day and the ending value are real or sample, and counts the days", () => {
    const mixed = [{ ...days[0], source: "sample" as const }, days[1]];
    const rows = backtest(
      mixed,
      [{ commodityCode: "0801", typeCode: "810", endDate: "2026-03-02", actualEndingValue: 190.25 }],
      "0801",
      "810",
      "sample",
    );
    expect([rows.map((r) => [r.daySource, r.endingSource]), sourceCounts(mixed)]).toEqual([
      [
        ["sample", "sample"],
        ["real", null],
      ],
      { real: 1, sample: 1 },
    ]);
  });
});

describe("levels the history's days were read at", () => {
  const day = (coverageLevel: number, asOf: string): OfferDay => ({
    asOf,
    coveragePrice: 300,
    expectedEndingValue: 316,
    rate: 0.03,
    costPerCwt: 9,
    endDate: "2027-05-19",
    coverageLevel,
    requestedLevel: 0.95,
  });

  it("names each offered level other than the requested one, with its days, highest first", () => {
    const days = [
      day(0.95, "2026-11-16"),
      day(0.9489, "2026-11-17"),
      day(0.9312, "2026-11-18"),
      day(0.9489, "2026-11-19"),
    ];
    expect(otherLevels(days)).toEqual([
      { level: 0.9489, days: 2 },
      { level: 0.9312, days: 1 },
    ]);
  });
});
