import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import type { MarketSnapshot } from "../market/snapshot";
import { lrpFuturesExpectedValue } from "../pricing/lrp/quote";
import { estimateIndemnity, lrpEndingValue } from "./estimate";
import { lgmEndorsementFromQuote } from "./lgm-endorsement";
import { lrpCoverageFromOffer } from "./lrp-coverage";
import { samplePolicy } from "./test-fixtures";

const SALES_DATE = "2026-11-13";
const snapshot = generateSampleSnapshot(SALES_DATE);
const now = new Date("2026-11-13T22:00:00Z");
const coverage = Object.freeze(
  lrpCoverageFromOffer({
    snapshot,
    salesDate: SALES_DATE,
    commodity: "0801",
    type: "810",
    offer: { endorsementLengthWeeks: 26, coverageLevel: 1 },
    head: 100,
    targetWeightCwt: 7.5,
    share: 0.5,
    profile: { farmerClassification: "Neither" },
    policy: samplePolicy(),
    existingCoverages: [],
    id: "cov-1",
    now,
    userId: "agent-1",
  }),
);

describe("LRP estimated indemnity", () => {
  it("on the sales date's snapshot uses RMA's expected ending value for the end date: none at 100 % level", () => {
    const estimate = estimateIndemnity(coverage, snapshot);
    expect(estimate).toEqual({
      ok: true,
      label: "estimate",
      plan: "lrp",
      asOf: SALES_DATE,
      source: "rma-expected",
      endingValue: coverage.expectedEndingValue,
      indemnity: "0.00",
      netResult: new Decimal(coverage.producerPremium).neg().toFixed(2),
    });
  });

  it("uses RMA's actual ending value when published, with the engine's indemnity formula", () => {
    const actual = new Decimal(coverage.coveragePrice).minus(20).toNumber();
    const settled: MarketSnapshot = {
      ...generateSampleSnapshot("2027-05-28"),
      lrpActualEndingValues: [
        { commodityCode: "0801", typeCode: "810", endDate: coverage.endDate, actualEndingValue: actual },
      ],
    };
    const estimate = estimateIndemnity(coverage, settled);
    // 20 $/cwt × 100 head × 7.5 cwt × PAF 1 × share 0.5 = 7,500
    expect(estimate).toMatchObject({ ok: true, source: "rma-actual", indemnity: "7500.00" });
    expect(estimate.ok && estimate.netResult).toBe(
      new Decimal(7500).minus(coverage.producerPremium).toFixed(2),
    );
  });

  it("falls back to the futures-based value the engine uses when no row has the end date", () => {
    const later = generateSampleSnapshot("2026-12-03");
    const ending = lrpEndingValue(coverage, later);
    expect(ending?.source).toBe("futures");
    const estimate = estimateIndemnity(coverage, later);
    expect(estimate.ok).toBe(true);
    if (!estimate.ok || !ending) return;
    const expected = Decimal.max(0, new Decimal(coverage.coveragePrice).minus(ending.value))
      .times(100)
      .times(7.5)
      .times(0.5)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    expect(estimate.indemnity).toBe(expected.toFixed(2));
  });

  it("futures fallback: a coverage with the factor inside its coverage price is compared with futures × the type's factor", () => {
    // Type 809 (factor 1.1). A record bought on RMA's row with the factor inside holds factor 1 and a
    // coverage price 1.1 × the one without it; the futures curve never holds the factor.
    const later = generateSampleSnapshot("2026-12-03");
    const apart = { ...coverage, type: "809", priceAdjustmentFactor: "1.1" };
    // Such a record is of a year that publishes the factor inside (RY2024, shared/pricing/lrp/factor.ts).
    const inside = {
      ...apart,
      salesDate: "2023-12-14",
      priceAdjustmentFactor: "1",
      coveragePrice: new Decimal(apart.coveragePrice).times("1.1").toFixed(),
    };
    const futures = lrpEndingValue(apart, later);
    expect(futures?.source).toBe("futures");
    expect(lrpEndingValue(inside, later)?.value).toBe(
      new Decimal(futures?.value ?? 0).times("1.1").toFixed(),
    );
  });

  it("an RY2027 coverage (factor apart, which may differ from the catalogue's by end month) compares with futures as they are, and an RMA row on the coverage's basis", () => {
    const later = generateSampleSnapshot("2026-12-03");
    // Dairy 815: catalogue factor 0.5; RY2027's row gave 0.45 (RMA's factors vary by end month there).
    const apart = { ...coverage, type: "815", priceAdjustmentFactor: "0.45" };
    const futures = lrpFuturesExpectedValue(later, "0801", apart.endDate);
    expect(lrpEndingValue(apart, later)?.value).toBe(futures?.toFixed());
    // A row of the snapshot's day with the coverage's end date, published apart (RY2027): as it is for
    // the RY2027 coverage, × the factor for an RY2024 coverage whose price holds it.
    const row = {
      ...later.lrpRates[0],
      typeCode: "809",
      endDate: coverage.endDate,
      salesEffectiveDate: later.asOf,
    };
    const withRow = {
      ...later,
      lrpRates: [{ ...row, expectedEndingValue: 200, priceAdjustmentFactor: 1.1 }],
    };
    const ry2027 = { ...coverage, type: "809", priceAdjustmentFactor: "1.1" };
    expect(lrpEndingValue(ry2027, withRow)).toEqual({ value: "200", source: "rma-expected" });
    expect(
      lrpEndingValue({ ...ry2027, salesDate: "2023-12-14", priceAdjustmentFactor: "1" }, withRow),
    ).toEqual({
      value: "220",
      source: "rma-expected",
    });
  });

  it("never changes the stored record (a later snapshot is read, not written)", () => {
    const before = JSON.stringify(coverage);
    estimateIndemnity(coverage, generateSampleSnapshot("2027-01-15"));
    expect(JSON.stringify(coverage)).toBe(before);
  });

  it("gives a reason instead of a figure for cancelled and paid coverages and missing data", () => {
    expect(estimateIndemnity({ ...coverage, status: "cancelled" }, snapshot)).toEqual({
      ok: false,
      reason: "No estimate: the coverage was cancelled",
    });
    expect(estimateIndemnity({ ...coverage, status: "paid" }, snapshot).ok).toBe(false);
    const empty: MarketSnapshot = { ...snapshot, futures: [], lrpRates: [] };
    expect(estimateIndemnity(coverage, empty)).toEqual({
      ok: false,
      // DATE1: the producer reads this on My coverages: the date in words.
      reason: `No estimate: the market data of November 13, 2026 has no ending value, rate row or futures for this coverage`,
    });
  });
});

describe("LGM estimated indemnity", () => {
  // Futures only (no RMA margins), so the quote's expected margin is the engine's margin model.
  const futuresOnly: MarketSnapshot = { ...snapshot, lgm: [] };
  const endorsement = lgmEndorsementFromQuote({
    snapshot: futuresOnly,
    salesDate: SALES_DATE,
    commodity: "0815",
    type: "805",
    targetMarketings: [0, 0, 500, 0, 0, 500],
    deductible: 4,
    profile: { farmerClassification: "Neither" },
    policy: samplePolicy({ id: "p2", plan: "lgm", providerId: "agriSompo" }),
    id: "lgm-1",
    now,
    userId: "agent-1",
  });

  it("on the same market: the estimated margin is the quote's expected margin, no indemnity", () => {
    const estimate = estimateIndemnity(endorsement, futuresOnly);
    expect(estimate).toMatchObject({
      ok: true,
      label: "estimate",
      plan: "lgm",
      source: "futures",
      endingValue: new Decimal(endorsement.expectedGrossMargin).toFixed(2),
      indemnity: "0.00",
    });
  });

  it("when lean hogs fall, pays the guarantee minus the estimated margin", () => {
    const fallen: MarketSnapshot = {
      ...futuresOnly,
      futures: futuresOnly.futures.map((f) => (f.root === "HE" ? { ...f, settle: f.settle * 0.7 } : f)),
    };
    const estimate = estimateIndemnity(endorsement, fallen);
    expect(estimate.ok).toBe(true);
    if (!estimate.ok) return;
    expect(new Decimal(estimate.indemnity).toFixed(2)).toBe(
      new Decimal(endorsement.grossMarginGuarantee).minus(estimate.endingValue).toFixed(2),
    );
    expect(Number(estimate.indemnity)).toBeGreaterThan(0);
  });
});
