import { describe, expect, it } from "vitest";
import { FIXTURE_FILES } from "../../../shared/market/fixtures";
import { importMarketFiles } from "../../../shared/market/importers/snapshot-builder";
import { priceLgm, quoteLgm } from "../../../shared/pricing/lgm/quote";
import { quoteLrp } from "../../../shared/pricing/lrp/quote";

// A snapshot imported from the fixtures in RMA's layouts prices offers to the cent of RMA's published
// premium (docs/market-data.md says where every figure comes from).
const snapshot = importMarketFiles(FIXTURE_FILES, { label: "fixture" });

describe("premium from an imported snapshot equals RMA's", () => {
  it("LRP: the handbook's worked example row (FCIC-20010): $787 total, $275 subsidy, $512 producer", () => {
    // The A00630 row 0801/810, 13 weeks: Coverage Price 75.00, Livestock Rate 0.013990, PAF 1.000.
    // Handbook: 100 head × 7.5 cwt = 750 cwt × $75 = $56,250 insured; × 0.013990 = $786.94 → $787;
    // subsidy 35 % = $275; the producer pays $512.
    const quote = quoteLrp(
      {
        commodity: "0801",
        type: "810",
        endorsementLengthWeeks: 13,
        coverageLevel: 0.95,
        head: 100,
        targetWeightCwt: 7.5,
        farmerClassification: "Neither",
        cropYear: 2027,
        salesDate: "2026-11-20",
      },
      snapshot,
    );
    expect(quote.indicative).toBe(false);
    expect([quote.coveragePricePerCwt, quote.rate]).toEqual([75, 0.01399]);
    expect([quote.insuredValue, quote.totalPremium, quote.subsidy, quote.producerPremium]).toEqual([
      56250, 787, 275, 512,
    ]);
  });

  it("LRP: every imported row's total premium per cwt is RMA's Cost Per Cwt Amount, to the cent", () => {
    for (const row of snapshot.lrpRates) {
      const quote = quoteLrp(
        {
          commodity: row.commodityCode,
          type: row.typeCode,
          endorsementLengthWeeks: row.endorsementLengthWeeks,
          coverageLevel: row.coverageLevel,
          head: 1000,
          targetWeightCwt: row.typeCode === "809" ? 5.5 : 7.5,
          farmerClassification: "Neither",
          cropYear: 2027,
          salesDate: row.salesEffectiveDate,
        },
        snapshot,
      );
      const cwt = 1000 * (row.typeCode === "809" ? 5.5 : 7.5) * (row.priceAdjustmentFactor ?? 1);
      // The whole-dollar premium per insured cwt is RMA's total premium per cwt, to the cent.
      expect(Math.abs(quote.totalPremium / cwt - row.costPerCwt)).toBeLessThan(0.005);
    }
  });

  it("LGM: RMA's seven steps on the imported A00600/A00610 swine set, by hand", () => {
    // Swine 0815/805 sold 2026-11-20, months 2–6 = 2027-01 … 2027-05, 100 head in each of months 2 and 4.
    // 1. EGM = 80.10 × 100 + 85.00 × 100 = 16,510; 2. GMG ($4) = 16,510 − 4 × 200 = 15,710
    // 3. SGM: 78×100+83.5×100 = 16,150; 82+86 → 16,800; 75.5+84 → 15,950; 84+87 → 17,100
    // 4. losses: 0, 0, 0, 0 → premium 0 at $4; at $0 GMG 16,510: 360, 0, 560, 0 → mean 230
    //    total 1.03 × 230 = 236.90 → 237; subsidy 18 % = 42.66 → 43; producer 194
    const quote = quoteLgm(
      {
        commodity: "0815",
        type: "805",
        salesDate: "2026-11-20",
        targetMarketings: [0, 100, 0, 100, 0, 0],
        deductible: 0,
        farmerClassification: "Neither",
        cropYear: 2027,
        seed: 1,
      },
      snapshot,
    );
    expect([quote.expectedGrossMargin, quote.grossMarginGuarantee]).toEqual([16510, 16510]);
    expect([quote.totalPremium, quote.subsidy, quote.producerPremium]).toEqual([237, 43, 194]);
  });

  it("LGM: RMA's national set (the same in every state) prices a quote for any state", () => {
    const input = {
      commodity: "0803",
      type: "808",
      salesDate: "2026-11-20",
      targetMarketings: [0, 0, 0, 100, 0, 0, 0, 0, 50, 0, 0],
      deductible: 20,
      farmerClassification: "Neither",
      cropYear: 2027,
      seed: 1,
    };
    expect(snapshot.lgm.find((s) => s.commodityCode === "0803")?.stateCode).toBeUndefined();
    const nebraska = priceLgm({ ...input, stateCode: "31" }, snapshot);
    expect(nebraska.source).toEqual({ expected: "rma", draws: "rma" });
    expect(quoteLgm({ ...input, stateCode: "31" }, snapshot)).toEqual(quoteLgm(input, snapshot));
  });
});
