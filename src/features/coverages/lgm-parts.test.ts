import { describe, expect, it } from "vitest";
import { deductibleStepIndex, formatDeductible } from "./deductible-position";
import { endorsementMonths } from "./lgm-endorsement-view";

describe("LGM endorsement parts", () => {
  it("place a deductible among its commodity's steps, equal as decimals", () => {
    expect(deductibleStepIndex("0803", "30")).toBe(3);
    expect(deductibleStepIndex("0803", 30)).toBe(3);
    expect(deductibleStepIndex("0847", "0.5")).toBe(5);
    expect(deductibleStepIndex("0847", "0.50")).toBe(5);
    expect(deductibleStepIndex("0803", "35")).toBe(-1);
  });

  it("name the deductible's unit: per head, per cwt of milk for dairy", () => {
    expect(formatDeductible("30", "0803")).toBe("$30/head");
    expect(formatDeductible("0.5", "0847")).toBe("$0.50/cwt");
  });

  it("list the insurance period's months from the first month, across a year end", () => {
    expect(endorsementMonths({ firstMonth: "2026-12", targetMarketings: [0, 0, 500, 0, 0, 500] })).toEqual([
      { month: "2026-12", head: 0 },
      { month: "2027-01", head: 0 },
      { month: "2027-02", head: 500 },
      { month: "2027-03", head: 0 },
      { month: "2027-04", head: 0 },
      { month: "2027-05", head: 500 },
    ]);
  });
});
