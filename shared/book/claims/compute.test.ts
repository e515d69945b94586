import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../market";
import { sampleLgmEndorsement, sampleLrpCoverage } from "../test-fixtures";
import { computeLgmClaim, computeLrpClaim } from "./compute";

const ended = sampleLrpCoverage({
  id: "cv-1",
  status: "ended",
  commodity: "0801",
  type: "809",
  endDate: "2026-06-01",
  coveragePrice: "180.00",
  head: 100,
  targetWeightCwt: "5.5",
  priceAdjustmentFactor: "1.1",
  producerPremium: "1111",
});

describe("a claim built from a coverage by the engine", () => {
  it("LRP: RMA's formula on the entered actual value, the 60-day due date, the premium netted", () => {
    const claim = computeLrpClaim({
      coverages: [ended],
      snapshot: null,
      today: "2026-06-10",
      enteredActualEndingValue: "170.00",
    });
    // (180 − 170) × 100 × 5.5 × 1.1 = 6,050
    expect(claim).toMatchObject({
      plan: "lrp",
      coverageIds: ["cv-1"],
      endDate: "2026-06-01",
      filingDueDate: "2026-07-31",
      indemnity: "6050",
      producerPremium: "1111",
      net: "4939",
      actual: { value: "170", source: "entered", kind: "final", date: "2026-06-10" },
    });
  });

  it("LRP: an entered value says where it was read, in a bounded sentence", () => {
    const claim = computeLrpClaim({
      coverages: [ended],
      snapshot: null,
      today: "2026-06-10",
      enteredActualEndingValue: "170",
      enteredSource: "  RMA LRP actual ending values,\n June 4, 2026 ",
    });
    expect(claim.actual.sourceText).toBe(
      "RMA actual ending value for 2026-06-01, entered by the agent from RMA LRP actual ending values, June 4, 2026",
    );
    expect(() =>
      computeLrpClaim({
        coverages: [ended],
        snapshot: null,
        today: "2026-06-10",
        enteredActualEndingValue: "170",
        enteredSource: "x".repeat(161),
      }),
    ).toThrow(/at most 160 characters/);
  });

  it("LRP: two endorsements of one type and end date add up, each rounded by the engine", () => {
    const second = { ...ended, id: "cv-2", head: 37, share: "0.5" };
    const claim = computeLrpClaim({
      coverages: [ended, second],
      snapshot: null,
      today: "2026-06-10",
      enteredActualEndingValue: "170",
    });
    // 6,050 + 10 × 37 × 5.5 × 1.1 × 0.5 = 6,050 + 1,119.25 → 1,119
    expect(claim.indemnity).toBe("7169");
    expect(() =>
      computeLrpClaim({
        coverages: [ended, { ...second, endDate: "2026-06-08" }],
        snapshot: null,
        today: "2026-06-10",
      }),
    ).toThrow(/share the type and end date/);
  });

  it("LRP: RMA's published actual ending value from the snapshot, else an estimate labelled so", () => {
    const snapshot = generateSampleSnapshot("2026-06-10");
    const row = snapshot.lrpActualEndingValues[0];
    if (!row) throw new Error("sample snapshot without actual ending values");
    const coverage = {
      ...ended,
      commodity: row.commodityCode as "0801",
      type: row.typeCode,
      endDate: row.endDate,
      coveragePrice: String(row.actualEndingValue + 5),
      priceAdjustmentFactor: "1",
    };
    const final = computeLrpClaim({ coverages: [coverage], snapshot, today: "2026-06-10" });
    // The sample market of 2026-06-10 publishes 0801/809 ending 2026-06-03 at $329.85.
    expect(final.actual).toEqual({
      value: "329.85",
      source: "rma-actual",
      sourceText: "RMA actual ending value (A00620) for 2026-06-03",
      date: "2026-06-10",
      kind: "final",
    });
    // 5 × 100 × 5.5 = 2,750
    expect(final.indemnity).toBe("2750");
    const later = computeLrpClaim({
      coverages: [{ ...coverage, endDate: "2027-09-14" }],
      snapshot,
      today: "2026-06-10",
    });
    expect(later.actual).toEqual({
      value: "313.3",
      source: "estimate",
      sourceText: "GF futures of 2026-06-10",
      date: "2026-06-10",
      kind: "estimate",
    });
  });

  it("LGM: RMA's actual margins, prorated below 75 % of target marketings, no filing due date", () => {
    const e = sampleLgmEndorsement({ status: "ended", grossMarginGuarantee: "25000" });
    const margins = ["40", "40", "40", "40", "40", "40"];
    const full = computeLgmClaim({ endorsement: e, actualGrossMargins: margins, today: "2027-06-05" });
    // 500 head × 40 = 20,000 against 25,000
    expect(full).toMatchObject({ indemnity: "5000", filingDueDate: null, actual: { value: "20000.00" } });
    const low = computeLgmClaim({
      endorsement: e,
      actualGrossMargins: margins,
      actualMarketings: [0, 70, 70, 70, 70, 70],
      today: "2027-06-05",
    });
    expect(low.indemnity).toBe("3500");
    expect(low.actual.sourceText).toContain("prorated × 0.7");
  });
});
