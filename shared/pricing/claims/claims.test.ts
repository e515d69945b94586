import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../market";
import { lgmClaim } from "./lgm-claim";
import { lrpClaim } from "./lrp-claim";

const lrp = {
  commodity: "0801",
  type: "809",
  endDate: "2026-06-01",
  coveragePrice: "180.00",
  head: 100,
  targetWeightCwt: "5.5",
  priceAdjustmentFactor: "1.1",
  producerPremium: "1111",
  asOf: "2026-06-10",
};

describe("LRP claim", () => {
  it("pays the shortfall × head × weight × PAF × share in whole dollars, net of the premium", () => {
    const claim = lrpClaim({ ...lrp, actualEndingValue: "170.00" }, null);
    // (180 − 170) × 100 × 5.5 × 1.1 = 6,050
    expect(claim).toMatchObject({
      kind: "final",
      valueSource: "given",
      indemnity: 6050,
      producerPremium: 1111,
      net: 4939,
    });
  });

  it("pays nothing when the actual value is at or above the coverage price", () => {
    expect(lrpClaim({ ...lrp, actualEndingValue: "180.00" }, null).indemnity).toBe(0);
    expect(lrpClaim({ ...lrp, actualEndingValue: "195.12" }, null)).toMatchObject({
      indemnity: 0,
      net: -1111,
    });
  });

  it("scales with the share and an unborn type's PAF", () => {
    expect(lrpClaim({ ...lrp, share: "0.5", actualEndingValue: 170 }, null).indemnity).toBe(3025);
    // 817 Unborn Bulls & Heifers, PAF 1.05: 10 × 100 × 5.5 × 1.05 = 5,775
    expect(
      lrpClaim({ ...lrp, type: "817", priceAdjustmentFactor: "1.05", actualEndingValue: 170 }, null)
        .indemnity,
    ).toBe(5775);
  });

  it("rounds to whole dollars half up, from exact decimals", () => {
    // 1.37 × 37 × 5.55 × 1.1 = 309.46245 → 309
    expect(
      lrpClaim(
        { ...lrp, coveragePrice: "180.37", head: 37, targetWeightCwt: "5.55", actualEndingValue: "179" },
        null,
      ).indemnity,
    ).toBe(309);
    // 0.5 × 1 × 1 × 1 = 0.50 → 1
    expect(
      lrpClaim(
        {
          ...lrp,
          coveragePrice: "100.5",
          head: 1,
          targetWeightCwt: 1,
          priceAdjustmentFactor: 1,
          actualEndingValue: 100,
        },
        null,
      ).indemnity,
    ).toBe(1);
  });

  it("takes RMA's published actual ending value from the snapshot", () => {
    const snapshot = generateSampleSnapshot("2026-06-10");
    const row = snapshot.lrpActualEndingValues[0];
    if (!row) throw new Error("the sample snapshot has no actual ending values");
    const claim = lrpClaim(
      {
        ...lrp,
        commodity: row.commodityCode,
        type: row.typeCode,
        endDate: row.endDate,
        coveragePrice: row.actualEndingValue + 5,
      },
      snapshot,
    );
    expect(claim.valueSource).toBe("rma-actual");
    expect(claim.source).toContain("A00620");
    expect(claim.actualEndingValue).toBe(row.actualEndingValue);
    expect(claim.indemnity).toBeGreaterThan(0);
  });

  it("is an estimate, labelled so, before the actual value is published", () => {
    const snapshot = generateSampleSnapshot("2026-11-20");
    const offer = snapshot.lrpRates.find((r) => r.commodityCode === "0801");
    if (!offer) throw new Error("no feeder cattle offers in the sample snapshot");
    const claim = lrpClaim(
      {
        ...lrp,
        type: offer.typeCode,
        endDate: offer.endDate,
        asOf: "2026-11-20",
        coveragePrice: offer.expectedEndingValue + 2,
      },
      snapshot,
    );
    expect(claim.kind).toBe("estimate");
    expect(claim.actualEndingValue).toBe(offer.expectedEndingValue);
    expect(claim.valueSource).toBe("rma-expected");
    expect(claim.source).toContain("2026-11-20 offers");
    // an end date with no offer: the futures curve
    const later = lrpClaim({ ...lrp, endDate: "2027-09-14", asOf: "2026-11-20" }, snapshot);
    expect(later).toMatchObject({ kind: "estimate", valueSource: "futures" });
    expect(later.source).toContain("GF futures");
  });

  it("says what is missing when nothing can price it", () => {
    expect(() => lrpClaim(lrp, null)).toThrow(/No actual ending value for 0801\/809 ending 2026-06-01/);
    expect(() => lrpClaim({ ...lrp, head: 1.5 }, null)).toThrow(/head: expected a whole number of head/);
  });
});

const months = (...values: number[]) => values;
const lgm = {
  commodity: "0803",
  type: "808",
  salesDate: "2026-01-15",
  cropYear: 2026,
  targetMarketings: months(0, 0, 100, 0, 0, 0, 0, 0, 0, 0, 0),
  grossMarginGuarantee: "50000",
  actualGrossMargins: months(0, 0, 400, 0, 0, 0, 0, 0, 0, 0, 0),
};

describe("LGM claim", () => {
  it("pays the guarantee minus the actual total gross margin", () => {
    const claim = lgmClaim(lgm);
    expect(claim).toMatchObject({
      totalGrossMargin: 40000,
      indemnity: 10000,
      prorated: false,
      marketFactor: 1,
    });
    expect(claim.months[2]).toEqual({
      month: "2026-04",
      targetMarketings: 100,
      actualMarketings: 100,
      actualGrossMargin: 400,
    });
    expect(
      lgmClaim({ ...lgm, actualGrossMargins: months(0, 0, 600, 0, 0, 0, 0, 0, 0, 0, 0) }).indemnity,
    ).toBe(0);
  });

  it("prorates when actual marketings fall below 75 % of target", () => {
    const below = lgmClaim({ ...lgm, actualMarketings: months(0, 0, 70, 0, 0, 0, 0, 0, 0, 0, 0) });
    expect(below).toMatchObject({ prorated: true, marketFactor: 0.7, indemnity: 7000 });
    const at = lgmClaim({ ...lgm, actualMarketings: months(0, 0, 75, 0, 0, 0, 0, 0, 0, 0, 0) });
    expect(at).toMatchObject({ prorated: false, indemnity: 10000 });
  });

  it("uses 85 % for dairy from crop year 2024", () => {
    const dairy = {
      ...lgm,
      commodity: "0847",
      type: "997",
      weights: { classIIIMilk: 1, corn: 0, soybeanMeal: 0 },
      actualMarketings: months(0, 0, 80, 0, 0, 0, 0, 0, 0, 0, 0),
    };
    expect(lgmClaim({ ...dairy, cropYear: 2024 })).toMatchObject({ prorated: true, indemnity: 8000 });
    expect(lgmClaim({ ...dairy, cropYear: 2023 })).toMatchObject({ prorated: false, indemnity: 10000 });
  });

  it("works out actual margins from the last three settlements of each contract", () => {
    // Finishing 805: 2.6 × 0.74 × LH(t) − 9 × corn(t−2) − 0.041 × SBM(t−2); one contract per root
    // holds its price flat: 1.924 × 100 − 40.5 − 12.3 = 139.6 per head.
    const claim = lgmClaim({
      commodity: "0815",
      type: "805",
      salesDate: "2026-01-15",
      cropYear: 2026,
      targetMarketings: [0, 50, 50, 0, 0, 0],
      grossMarginGuarantee: "15000",
      actualPrices: { HE: { "2026-04": [99, 100, 101] }, ZC: { "2026-03": "4.5" }, ZM: { "2026-03": 300 } },
    });
    expect(claim.months.map((m) => m.actualGrossMargin)).toEqual([139.6, 139.6, 139.6, 139.6, 139.6, 139.6]);
    expect(claim).toMatchObject({ totalGrossMargin: 13960, indemnity: 1040 });
  });

  it("refuses input that does not fit the endorsement", () => {
    expect(() => lgmClaim({ ...lgm, targetMarketings: [0, 100] })).toThrow(
      /targetMarketings: expected 11 values/,
    );
    expect(() => lgmClaim({ ...lgm, actualGrossMargins: undefined })).toThrow(
      /exactly one of actualGrossMargins/,
    );
    expect(() =>
      lgmClaim({ ...lgm, actualGrossMargins: undefined, actualPrices: { LE: { "2026-04": 200 } } }),
    ).toThrow(/actualPrices.GF: actual GF prices are needed/);
  });
});
