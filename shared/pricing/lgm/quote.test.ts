import { describe, expect, it } from "vitest";
import { FIXTURE_FILES } from "../../market/fixtures";
import { importMarketFiles } from "../../market/importers/snapshot-builder";
import { generateSampleSnapshot } from "../../market/sample/generate";
import { rankCorrelation, ranks } from "../math/rank-correlation";
import { targetCorrelation } from "./correlation";
import { marginTerms } from "./formula";
import { marginModel } from "./margin-model";
import { insurancePeriod } from "./period";
import { grossMarginGuarantee } from "./premium";
import { priceLgm, quoteLgm } from "./quote";
import { lgmScenario } from "./scenarios";
import { simulateContractPrices } from "./simulate";

const fixture = importMarketFiles(FIXTURE_FILES, { label: "fixture" });
const sample = generateSampleSnapshot("2026-11-20");

// Insurance period for a sale on 2026-11-20: 2026-12 … 2027-10 (11 months). Marketings in March
// (month 3) and August (month 8).
const yearling = {
  commodity: "0803",
  type: "808",
  salesDate: "2026-11-20",
  targetMarketings: [0, 0, 0, 100, 0, 0, 0, 0, 50, 0, 0],
  deductible: 20,
  farmerClassification: "Neither",
  cropYear: 2027,
  seed: 1,
};

describe("LGM premium from RMA's published draws, worked by hand (A00600/A00610 fixtures, state 19)", () => {
  // 1. EGM = 180.25 × 100 + 140.50 × 50 = 18,025 + 7,025 = 25,050
  // 2. GMG = 25,050 − 20 × 150 = 22,050
  // 3. SGM per draw (March, August): 150.00×100 + 120.00×50 = 21,000; 200×100 + 160×50 = 28,000;
  //    170.10×100 + 100.30×50 = 22,025; 120×100 + 130×50 = 18,500
  // 4. losses: 1,050; 0; 25; 3,550
  // 5. mean = 4,625 ÷ 4 = 1,156.25
  // 6. total premium = 1.03 × 1,156.25 = 1,190.9375 → 1,191
  // 7. subsidy 23 % (cattle, $20) = 273.93 → 274; producer premium = 917
  const quote = quoteLgm(yearling, fixture);

  it("follows RMA's seven steps to the dollar", () => {
    expect([
      quote.expectedGrossMargin,
      quote.grossMarginGuarantee,
      quote.totalPremium,
      quote.subsidy,
      quote.producerPremium,
    ]).toEqual([25050, 22050, 1191, 274, 917]);
    expect(quote.months[3]).toEqual({
      marketingMonth: "2027-03",
      expectedGrossMarginPerUnit: 180.25,
      targetMarketings: 100,
    });
    expect(quote.months.map((m) => m.marketingMonth)).toEqual([
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
    ]);
  });

  it("prices the whole deductible curve from the same draws", () => {
    // $0: GMG 25,050; losses 4,050 + 0 + 3,025 + 6,550 = 13,625; ÷ 4 = 3,406.25; × 1.03 = 3,508.4375 → 3,508;
    //     subsidy 18 % = 631.44 → 631; producer 2,877
    expect(quote.deductibleCurve[0]).toEqual({
      deductible: 0,
      totalPremium: 3508,
      subsidy: 631,
      producerPremium: 2877,
    });
    expect(quote.deductibleCurve[2]).toEqual({
      deductible: 20,
      totalPremium: 1191,
      subsidy: 274,
      producerPremium: 917,
    });
    // $150: GMG 2,550 is below every draw: no loss.
    expect(quote.deductibleCurve[15]).toEqual({
      deductible: 150,
      totalPremium: 0,
      subsidy: 0,
      producerPremium: 0,
    });
    expect(quote.deductibleCurve).toHaveLength(16);
  });

  it("gives the guarantee for any deductible, also off the steps and below zero", () => {
    const margins = fixture.lgm[0].expectedGrossMargins;
    const h = yearling.targetMarketings;
    expect(grossMarginGuarantee(margins, h, 25).grossMarginGuarantee.toString()).toBe("21300");
    expect(grossMarginGuarantee(margins, h, 200).grossMarginGuarantee.toString()).toBe("-4950");
  });

  it("gives no subsidy when marketings fall in one month only", () => {
    const single = quoteLgm({ ...yearling, targetMarketings: [0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0] }, fixture);
    // GMG = 18,025 − 2,000 = 16,025; losses: 15,000 → 1,025; 20,000 → 0; 17,010 → 0; 12,000 → 4,025
    // mean 5,050 ÷ 4 = 1,262.5; × 1.03 = 1,300.375 → 1,300; subsidy 0
    expect([single.totalPremium, single.subsidy, single.producerPremium]).toEqual([1300, 0, 1300]);
  });

  it("takes expected margins and draws from the input just the same", () => {
    const months = fixture.lgm[0];
    const fromInput = quoteLgm(
      { ...yearling, expectedGrossMargins: months.expectedGrossMargins, draws: months.draws },
      generateSampleSnapshot("2026-11-20"),
    );
    expect(fromInput).toEqual(quote);
  });
});

describe("LGM on the sales date's prices (docs/market-data.md)", () => {
  it("never prices another sales week on this week's published margins: 2026-11-27 is refused on the snapshot of 2026-11-20", () => {
    // Same insurance period (Dec–Oct) as the fixture's set of 2026-11-20, but another sales date.
    expect(() => priceLgm({ ...yearling, salesDate: "2026-11-27" }, fixture)).toThrow(
      "No prices of the sales date 2026-11-27 in the market snapshot of 2026-11-20",
    );
  });
});

describe("LGM from our own simulation", () => {
  const input = { ...yearling, weights: { corn: 60 }, seed: 99 };

  it("gives the same premium for the same seed, and another for another seed", () => {
    const a = quoteLgm(input, sample);
    expect(quoteLgm(input, sample)).toEqual(a);
    expect(quoteLgm({ ...input, seed: 100 }, sample).deductibleCurve).not.toEqual(a.deductibleCurve);
    expect(priceLgm(input, sample).source).toEqual({ expected: "futures", draws: "futures" });
  });

  it("has a deductible curve that never rises, in total and producer premium", () => {
    const { deductibleCurve } = quoteLgm(input, sample);
    for (let i = 1; i < deductibleCurve.length; i++) {
      expect(deductibleCurve[i].totalPremium).toBeLessThanOrEqual(deductibleCurve[i - 1].totalPremium);
      expect(deductibleCurve[i].producerPremium).toBeLessThanOrEqual(deductibleCurve[i - 1].producerPremium);
    }
    expect(deductibleCurve[0].totalPremium).toBeGreaterThan(deductibleCurve[15].totalPremium);
  });

  it("uses RMA-style published draws for default weights (the sample's 500)", () => {
    const p = priceLgm({ ...yearling, seed: 5 }, sample);
    expect(p.source).toEqual({ expected: "rma", draws: "rma" });
    expect(p.matrix.draws).toBe(500);
  });

  const terms = marginTerms("0803", "808");
  const model = marginModel(sample, terms, insurancePeriod("0803", "2026-11-20"));
  const sim = simulateContractPrices(model, sample.asOf, 5000, 3);
  const column = (j: number) => sim.prices.subarray(j * sim.draws, (j + 1) * sim.draws);

  it("centres each simulated price on its futures settlement (within 4 standard errors)", () => {
    model.contracts.forEach((contract, j) => {
      const values = column(j);
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
      expect(Math.abs(mean - contract.settle)).toBeLessThan((4 * sd) / Math.sqrt(values.length));
    });
  });

  it("achieves the target rank correlations across commodities and months (within 0.04)", () => {
    const k = model.contracts.length;
    expect(k).toBeGreaterThan(6);
    const target = targetCorrelation(model.contracts);
    const ranked = model.contracts.map((_, j) => ranks(column(j)));
    let checked = 0;
    for (let a = 0; a < k; a++)
      for (let b = 0; b < a; b++) {
        expect(Math.abs(rankCorrelation(ranked[a], ranked[b]) - target[a * k + b])).toBeLessThan(0.04);
        checked++;
      }
    expect(checked).toBe((k * (k - 1)) / 2);
  });
});

describe("LGM validation", () => {
  it.each([
    [{ commodity: "0801" }, "Invalid commodity code: 0801"],
    [{ type: "804" }, "Invalid type code 804 for commodity 0803"],
    [
      { targetMarketings: [0, 1, 2] },
      "targetMarketings: expected 11 numbers for Yearling Finishing, one per month of the insurance period",
    ],
    [
      { targetMarketings: [5, 0, 0, 100, 0, 0, 0, 0, 50, 0, 0] },
      "targetMarketings.0: the first month of the insurance period cannot carry marketings",
    ],
    [
      { targetMarketings: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      "targetMarketings: at least one month needs marketings",
    ],
    [
      { deductible: 25 },
      "deductible: must be one of 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150 for Yearling Finishing",
    ],
    [
      { weights: { corn: 90 } },
      "weights.corn: Target Corn Weight must be from 50 to 85 bu for Yearling Finishing",
    ],
    [{ weights: { leanHog: 2 } }, "weights.leanHog: Yearling Finishing has no leanHog weight"],
    [{ expectedGrossMargins: [1, 2] }, "expectedGrossMargins: expected 11 numbers, one per month"],
    [{ draws: [[1, 2]] }, "draws.0: expected 11 numbers, one per month"],
  ])("%j → %s", (change, message) => {
    expect(() => quoteLgm({ ...yearling, ...change }, fixture)).toThrow(message);
  });
  it("needs the dairy feed equivalents, which have no default", () => {
    expect(() => quoteLgm({ ...yearling, commodity: "0847", type: "997", deductible: 0.5 }, sample)).toThrow(
      "weights.corn: Target Corn Weight is required for No Type Specified (no default)",
    );
  });
  it("prices dairy per cwt of milk with the producer's feed equivalents", () => {
    const q = quoteLgm(
      {
        ...yearling,
        commodity: "0847",
        type: "997",
        deductible: 0.5,
        targetMarketings: [0, 0, 1000, 1000, 1000, 0, 0, 0, 0, 0, 0],
        weights: { corn: 0.5, soybeanMeal: 0.004 },
      },
      sample,
    );
    expect(q.deductibleCurve).toHaveLength(21);
    expect(q.expectedGrossMargin).toBeGreaterThan(0);
  });
  it("prices swine over six months", () => {
    const q = quoteLgm(
      {
        ...yearling,
        commodity: "0815",
        type: "805",
        deductible: 4,
        targetMarketings: [0, 200, 200, 200, 200, 200],
      },
      sample,
    );
    expect(q.months).toHaveLength(6);
    expect(q.deductibleCurve).toHaveLength(11);
  });
});

describe("LGM scenarios", () => {
  it("pays nothing when the margin holds and pays the shortfall when live cattle fall", () => {
    const input = { ...yearling, seed: 4 };
    const base = priceLgm(input, sample);
    const unchanged = lgmScenario(input, sample, {}, base);
    expect(unchanged.actualGrossMargin).toBe(base.chosen.expectedGrossMargin.toNumber());
    const up = lgmScenario(input, sample, { liveCattle: { percent: 5 } }, base);
    expect(up.indemnity).toBe(0);
    expect(up.netResult).toBe(-base.chosen.producerPremium.toNumber());
    const down = lgmScenario(input, sample, { liveCattle: { amount: -40 } }, base);
    // 12.5 cwt × $40 lower live cattle = $500 per head lower margin, on 150 head (± cent rounding per month).
    expect(Math.abs(down.actualGrossMargin - (unchanged.actualGrossMargin - 150 * 12.5 * 40))).toBeLessThan(
      1,
    );
    expect(down.indemnity).toBeGreaterThan(0);
    expect(down.indemnity).toBeCloseTo(Math.max(0, down.grossMarginGuarantee - down.actualGrossMargin), 6);
    expect(down.netResult).toBeCloseTo(down.indemnity - base.chosen.producerPremium.toNumber(), 6);
  });
});

describe("LGM quote on a day without sales (docs/market-data.md; said in every channel, like LRP's)", () => {
  it("carries noSales on a weekend and an exchange holiday, none on a trading day", () => {
    const on = (salesDate: string) =>
      quoteLgm({ ...yearling, salesDate }, generateSampleSnapshot(salesDate), { simulationDraws: 2 }).noSales;
    expect([on("2026-11-28"), on("2026-11-26"), on("2026-11-20")]).toEqual([
      { date: "2026-11-28", reason: "weekend: RMA publishes no margins" },
      { date: "2026-11-26", reason: "exchange holiday (Thanksgiving): no LGM sales" },
      undefined,
    ]);
  });
});
