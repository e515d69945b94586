import { describe, expect, it } from "vitest";
import { commoditySchema, monthIndexSchema } from "./commodity";

const minimal = {
  id: 0,
  name: "Other/None",
  isLivestock: false,
  isTradeable: false,
  isMarketingCrop: true,
  isHedgingCrop: true,
};

describe("commodity schema (spec §3, §5)", () => {
  it("id is a non-negative integer", () => {
    expect(commoditySchema.safeParse(minimal).success).toBe(true);
    expect(commoditySchema.safeParse({ ...minimal, id: 15 }).success).toBe(true);
    expect(commoditySchema.safeParse({ ...minimal, id: -1 }).error?.issues[0]?.message).toBe(
      "Commodity id must not be negative",
    );
    expect(commoditySchema.safeParse({ ...minimal, id: 1.5 }).error?.issues[0]?.message).toBe(
      "Commodity id must be a whole number",
    );
  });

  it("month lists, newCropMonth and shortDatedCutoff are whole month indexes 0-11 (0 allowed: 0-based months)", () => {
    const ok = { ...minimal, futuresTradingMonths: [0, 2, 11], newCropMonth: 0, shortDatedCutoff: 10 };
    expect(commoditySchema.parse(ok)).toEqual(ok);
    const monthMessage = "Month index must be 0 (January) to 11 (December)";
    expect(monthIndexSchema.safeParse(12).error?.issues[0]?.message).toBe(monthMessage);
    expect(monthIndexSchema.safeParse(-1).error?.issues[0]?.message).toBe(monthMessage);
    expect(monthIndexSchema.safeParse(2.5).error?.issues[0]?.message).toBe("Month must be a whole number");
    const bad = commoditySchema.safeParse({ ...minimal, futuresTradingMonths: [1, 12] });
    expect(bad.error?.issues[0]?.path).toEqual(["futuresTradingMonths", 1]);
    expect(commoditySchema.safeParse({ ...minimal, newCropMonth: 13 }).error?.issues[0]?.path).toEqual([
      "newCropMonth",
    ]);
    expect(commoditySchema.safeParse({ ...minimal, shortDatedCutoff: "8" }).success).toBe(false);
  });

  it("sizes are decimal strings, uom from the spec's units", () => {
    expect(commoditySchema.safeParse({ ...minimal, standardSize: "2204.62", uom: "lbs" }).success).toBe(true);
    expect(commoditySchema.safeParse({ ...minimal, standardSize: 5000 }).success).toBe(false);
    expect(commoditySchema.safeParse({ ...minimal, uom: "kg" }).success).toBe(false);
  });

  it("flags are required", () => {
    const { isTradeable: _omit, ...withoutFlag } = minimal;
    expect(commoditySchema.safeParse(withoutFlag).error?.issues[0]?.path).toEqual(["isTradeable"]);
  });
});
