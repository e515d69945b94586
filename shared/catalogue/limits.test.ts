import { describe, expect, it } from "vitest";
import { FREQUENCIES, FREQUENCY_OPTIONS_BY_PLAN, frequencyOptions } from "./enumerations";
import { maxHeadCount } from "./head-limits";
import { LGM_DEDUCTIBLE_STEPS, lgmDeductibleSteps } from "./lgm-deductibles";

describe("maximum head counts (spec §5)", () => {
  it.each([
    ["0815", 70_000, "Swine max limit is 70,000"],
    ["0802", 12_000, "Fed Cattle max limit is 12,000"],
    ["0801", 12_000, "Feeder Cattle max limit is 12,000"],
    ["0803", 0, "Cattle is not supported"],
    ["0847", 0, "Dairy Cattle is not supported"],
  ])("%s → %i, %s", (code, max, message) => {
    expect(maxHeadCount(code)).toEqual({ max, message });
  });

  it("no selection: 0 and no text", () => {
    for (const none of ["", null, undefined]) expect(maxHeadCount(none)).toEqual({ max: 0, message: "" });
  });

  it("unknown code fails", () => {
    expect(() => maxHeadCount("0999")).toThrow("Invalid commodity code: 0999");
  });
});

describe("LGM deductible steps (spec §9 head-count steps)", () => {
  it("cattle 0..150 by 10 (16 values)", () => {
    expect(lgmDeductibleSteps("0803")).toEqual([
      "0",
      "10",
      "20",
      "30",
      "40",
      "50",
      "60",
      "70",
      "80",
      "90",
      "100",
      "110",
      "120",
      "130",
      "140",
      "150",
    ]);
  });
  it("swine 0..20 by 2 (11 values)", () => {
    expect(lgmDeductibleSteps("0815")).toEqual(["0", "2", "4", "6", "8", "10", "12", "14", "16", "18", "20"]);
  });
  it("dairy 0..2.0 by 0.1 (21 values), exact", () => {
    const dairy = lgmDeductibleSteps("0847");
    expect(dairy).toHaveLength(21);
    expect(dairy).toEqual([
      "0",
      "0.1",
      "0.2",
      "0.3",
      "0.4",
      "0.5",
      "0.6",
      "0.7",
      "0.8",
      "0.9",
      "1",
      "1.1",
      "1.2",
      "1.3",
      "1.4",
      "1.5",
      "1.6",
      "1.7",
      "1.8",
      "1.9",
      "2",
    ]);
  });
  it("lengths and unknown code", () => {
    expect(Object.values(LGM_DEDUCTIBLE_STEPS).map((s) => s.length)).toEqual([16, 11, 21]);
    expect(() => lgmDeductibleSteps("0801")).toThrow("Invalid commodity code: 0801");
  });
});

describe("frequency (spec §4, §5)", () => {
  it("DAILY, WEEKLY, MONTHLY; LRP all three, LGM weekly and monthly", () => {
    expect(FREQUENCIES).toEqual(["DAILY", "WEEKLY", "MONTHLY"]);
    expect(FREQUENCY_OPTIONS_BY_PLAN).toEqual({
      lrp: ["DAILY", "WEEKLY", "MONTHLY"],
      lgm: ["WEEKLY", "MONTHLY"],
    });
    expect(frequencyOptions("lgm")).toEqual(["WEEKLY", "MONTHLY"]);
  });
});
