import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../market/sample/generate";
import type { MarketSnapshot } from "../../market/snapshot";
import { Money, money } from "../money";
import { lrpSubsidyPercent } from "../subsidy/lrp-subsidy";
import { cmePutComparison, putContext } from "./cme-put";
import { lrpPremium } from "./premium";
import { quoteLrp } from "./quote";

// The offer table shares work between its rows and keeps per-snapshot work (rows grouped and parsed,
// CME put comparisons) for the next quote on the same snapshot. These tests check that none of it
// changes a figure.

const sample = generateSampleSnapshot("2026-11-20");
const steers = {
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 1,
  head: 137,
  targetWeightCwt: 7.35,
  share: 0.75,
  farmerClassification: "Veteran Farmer/Rancher",
  cropYear: 2026,
  salesDate: "2026-11-20",
};

describe("LRP offer table with shared and per-snapshot work", () => {
  it("prices every row as a quote worked from scratch would (A00630 row, premium steps, a fresh put)", () => {
    const offers = quoteLrp(steers, sample, { all: true }).offers ?? [];
    const rows = sample.lrpRates.filter(
      (r) => r.commodityCode === "0801" && r.typeCode === "810" && r.salesEffectiveDate === "2026-11-20",
    );
    expect(offers).toHaveLength(rows.length);
    for (const o of offers) {
      const row = rows.find(
        (r) => r.endorsementLengthWeeks === o.endorsementLengthWeeks && r.coverageLevel === o.coverageLevel,
      );
      if (!row) throw new Error(`no A00630 row for ${o.endorsementLengthWeeks} weeks at ${o.coverageLevel}`);
      const band = lrpSubsidyPercent(row.coverageLevel, 2026);
      if (!band) throw new Error(`no subsidy band for ${row.coverageLevel}`);
      const p = lrpPremium({
        head: 137,
        targetWeightCwt: 7.35,
        share: 0.75,
        coveragePrice: money(row.coveragePrice),
        priceAdjustmentFactor: money(row.priceAdjustmentFactor ?? 1),
        rate: money(row.rate),
        subsidyPercent: band.plus(10),
      });
      const put = cmePutComparison(
        putContext(sample, "0801"),
        "0801",
        "2026-11-20",
        row.endDate,
        row.coveragePrice,
      );
      expect(o).toEqual({
        endorsementLengthWeeks: row.endorsementLengthWeeks,
        endDate: row.endDate,
        coverageLevel: row.coverageLevel,
        expectedValuePerCwt: row.expectedEndingValue,
        coveragePricePerCwt: row.coveragePrice,
        rate: row.rate,
        insuredValue: p.insuredValue.toNumber(),
        totalPremium: p.totalPremium.toNumber(),
        subsidy: p.subsidy.toNumber(),
        producerPremium: p.producerPremium.toNumber(),
        producerPremiumPerCwt: p.producerPremiumPerCwt.toNumber(),
        producerPremiumPerHead: p.producerPremiumPerHead.toNumber(),
        ...put,
        indicative: false,
      });
    }
  });

  it("gives the same table on the first quote of a snapshot and on later ones", () => {
    const cold: MarketSnapshot = structuredClone(sample);
    const first = quoteLrp(steers, cold, { all: true });
    expect(quoteLrp(steers, cold, { all: true })).toEqual(first);
    expect(quoteLrp(steers, sample, { all: true })).toEqual(first);
    // Other choices on the same (now prepared) snapshot are priced for themselves.
    const other = { ...steers, head: 12, targetWeightCwt: 8, share: 1, farmerClassification: "Neither" };
    expect(quoteLrp(other, cold, { all: true })).toEqual(
      quoteLrp(other, structuredClone(sample), { all: true }),
    );
  });

  it("keeps a snapshot's put comparisons to that snapshot (moved futures, same rate rows)", () => {
    const before = quoteLrp(steers, sample, { all: true }).offers ?? [];
    const moved: MarketSnapshot = {
      ...sample,
      futures: sample.futures.map((f) => ({ ...f, settle: f.settle + 10 })),
    };
    const after = quoteLrp(steers, moved, { all: true }).offers ?? [];
    expect(after.map((o) => o.totalPremium)).toEqual(before.map((o) => o.totalPremium));
    for (const [i, o] of after.entries()) {
      const b = before[i].cmePutPremiumPerCwt;
      if (b !== null && b > 0.01) expect(o.cmePutPremiumPerCwt).toBeLessThan(b);
    }
    expect(after).toEqual(quoteLrp(steers, structuredClone(moved), { all: true }).offers);
  });
});

describe("LRP premium per cwt and per head: half up from the exact quotient", () => {
  // 24 head × 4 cwt = 96 cwt; insured value 96 × 250.00 × PAF 1 = 24,000.00; × 0.041708 = 1,000.992
  // → 1,001; subsidy 35 % = 350.35 → 350; producer premium 651.
  // Per cwt 651 ÷ 96 = 6.78125 → 6.7813; per head 651 ÷ 24 = 27.125 → 27.13 (both exactly on a half).
  const input = {
    commodity: "0801",
    type: "809",
    endorsementLengthWeeks: 26,
    coverageLevel: 1,
    head: 24,
    targetWeightCwt: 4,
    cropYear: 2026,
    salesDate: "2026-11-20",
    expectedEndingValue: 250,
    rate: 0.041708,
    priceAdjustmentFactor: 1,
  };
  it("rounds a quotient that lies exactly on a half up, in a quote and in the premium steps", () => {
    const q = quoteLrp(input, sample);
    expect([
      q.insuredValue,
      q.totalPremium,
      q.subsidy,
      q.producerPremium,
      q.producerPremiumPerCwt,
      q.producerPremiumPerHead,
    ]).toEqual([24000, 1001, 350, 651, 6.7813, 27.13]);
    const p = lrpPremium({
      head: 24,
      targetWeightCwt: 4,
      share: 1,
      coveragePrice: money(250),
      priceAdjustmentFactor: money(1),
      rate: money("0.041708"),
      subsidyPercent: money(35),
    });
    expect([p.producerPremiumPerCwt.toString(), p.producerPremiumPerHead.toString()]).toEqual([
      "6.7813",
      "27.13",
    ]);
  });
  it("does so on every row of an offer table (12 head × 8 cwt: 96 cwt)", () => {
    const offers =
      quoteLrp({ ...steers, head: 12, targetWeightCwt: 8, share: 1 }, sample, { all: true }).offers ?? [];
    // 96 = 2⁵ × 3: a producer premium that is an odd multiple of 3 puts the quotient on a half.
    expect(offers.some((o) => o.producerPremium % 3 === 0 && o.producerPremium % 2 === 1)).toBe(true);
    for (const o of offers) {
      expect(o.producerPremiumPerCwt).toBe(
        money(o.producerPremium).div(96).toDecimalPlaces(4, Money.ROUND_HALF_UP).toNumber(),
      );
      expect(o.producerPremiumPerHead).toBe(
        money(o.producerPremium).div(12).toDecimalPlaces(2, Money.ROUND_HALF_UP).toNumber(),
      );
    }
  });
});
