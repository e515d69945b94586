import { describe, expect, it } from "vitest";
import { farmerSubsidyAddition } from "./farmer";
import { lgmSubsidyPercent } from "./lgm-subsidy";
import { lrpSubsidyPercent } from "./lrp-subsidy";

describe("LRP subsidy bands (crop year 2021 on)", () => {
  it.each([
    ["0.6999", null],
    ["0.70", "55"],
    ["0.7999", "55"],
    ["0.80", "50"],
    ["0.8499", "50"],
    ["0.85", "45"],
    ["0.8999", "45"],
    ["0.90", "40"],
    ["0.9499", "40"],
    ["0.95", "35"],
    ["1.00", "35"],
    ["1.0001", null],
  ])("level %s → %s %%", (level, percent) => {
    expect(lrpSubsidyPercent(level, 2026)?.toString() ?? null).toBe(percent);
  });
  it("has no table before crop year 2021", () => {
    expect(lrpSubsidyPercent("0.9", 2020)).toBeNull();
  });
});

describe("beginning and veteran farmer/rancher additions by crop year", () => {
  it("gives +10 to both through 2026", () => {
    expect(farmerSubsidyAddition("Beginning Farmer/Rancher", 2026)).toBe(10);
    expect(farmerSubsidyAddition("Beginning Farmer/Rancher", 2026, 3)).toBe(10);
    expect(farmerSubsidyAddition("Veteran Farmer/Rancher", 2026)).toBe(10);
    expect(farmerSubsidyAddition("Neither", 2026)).toBe(0);
  });
  it("grades beginning farmers from 2027 by year of farming; veterans stay at +10", () => {
    expect(
      [1, 2, 3, 4, 5, 10].map((y) => farmerSubsidyAddition("Beginning Farmer/Rancher", 2027, y)),
    ).toEqual([15, 15, 13, 11, 10, 10]);
    expect(farmerSubsidyAddition("Veteran Farmer/Rancher", 2027)).toBe(10);
    expect(farmerSubsidyAddition("Beginning Farmer/Rancher", 2027)).toBe(10);
  });
  it("rejects a year of farming outside the schedule", () => {
    expect(() => farmerSubsidyAddition("Beginning Farmer/Rancher", 2027, 11)).toThrow(
      "beginningFarmerYear must be a whole number from 1 to 10 in crop year 2027",
    );
  });
});

describe("LGM subsidy ladders by deductible", () => {
  it.each([
    ["0803", "0", "18"],
    ["0803", "10", "20"],
    ["0803", "60", "43"],
    ["0803", "69.99", "43"],
    ["0803", "70", "50"],
    ["0803", "150", "50"],
    ["0815", "2", "21"],
    ["0815", "10", "47"],
    ["0815", "12", "50"],
    ["0847", "0.9", "43"],
    ["0847", "1.0", "48"],
    ["0847", "1.1", "50"],
  ] as const)("%s deductible %s → %s %%", (commodity, deductible, percent) => {
    expect(lgmSubsidyPercent(commodity, deductible).toString()).toBe(percent);
  });
});
