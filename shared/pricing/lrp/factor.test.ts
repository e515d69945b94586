import { describe, expect, it } from "vitest";
import { money } from "../money";
import {
  coverageFactorPublication,
  factorContradiction,
  LRP_FACTOR_BY_YEAR,
  onCoverageBasis,
  publishedRowFactor,
} from "./factor";

// docs/market-data.md: per reinsurance year, whether RMA's published values hold the factor (inside) or the row
// carries it (apart), as data with its source; a row is priced by what it says and refused when it
// contradicts its year; values of one basis are put on a coverage's basis.

describe("the price adjustment factor by reinsurance year", () => {
  it("names each year it knows with its case and source: RY2024 inside (RMA's real file), RY2027 apart", () => {
    expect(LRP_FACTOR_BY_YEAR.map((e) => [e.reinsuranceYear, e.published])).toEqual([
      [2024, "inside"],
      [2027, "apart"],
    ]);
    expect(LRP_FACTOR_BY_YEAR[0].source).toContain("2024_ADMLivestockLrp_Daily_20231214.zip");
    expect(LRP_FACTOR_BY_YEAR.every((e) => e.source.length > 20)).toBe(true);
  });

  it("prices a row by what it says: an empty factor is 1 (inside), a filled one is applied once", () => {
    expect(publishedRowFactor({}).toFixed()).toBe("1");
    expect(publishedRowFactor({ priceAdjustmentFactor: 1.1 }).toFixed()).toBe("1.1");
  });

  it.each([
    [
      "2023-12-14",
      1.1,
      "1.1",
      /^RY2024 publishes the factor inside the values .*, yet this row carries 1\.1$/,
    ],
    ["2023-12-14", undefined, "1.1", null],
    [
      "2026-11-20",
      undefined,
      "1.1",
      /^RY2027 publishes the factor apart .*, yet this row leaves it empty for a type whose factor is 1\.1$/,
    ],
    ["2026-11-20", undefined, null, null], // fed cattle, swine: no factor to leave out
    ["2026-11-20", undefined, "1", null],
    ["2026-11-20", 0.45, "0.5", null], // a factor that varies by end month is the row's
    ["2025-11-20", undefined, "1.1", null], // RY2026: not named, the row decides
    ["2025-11-20", 1.1, "1.1", null],
  ] as const)(
    "a row of %s with factor %s (type's %s): contradiction %s",
    (date, factor, typeFactor, problem) => {
      const row = {
        salesEffectiveDate: date,
        ...(factor !== undefined ? { priceAdjustmentFactor: factor } : {}),
      };
      const found = factorContradiction(row, typeFactor);
      if (problem === null) expect(found).toBeNull();
      else expect(found).toMatch(problem);
    },
  );

  it("puts a value on a coverage's basis: futures and apart rows hold no factor, inside rows the type's", () => {
    const v = money(200);
    expect(onCoverageBasis(v, "1.1", "inside", "futures").toFixed()).toBe("220");
    expect(onCoverageBasis(v, "1.1", "apart", "futures").toFixed()).toBe("200");
    expect(onCoverageBasis(v, "1.1", "inside", "apart").toFixed()).toBe("220");
    expect(onCoverageBasis(v, "1.1", "apart", "inside").toFixed()).toBe(money(200).div("1.1").toFixed());
    expect(onCoverageBasis(v, "1.1", "inside", "inside").toFixed()).toBe("200");
    expect(onCoverageBasis(v, null, "inside", "futures").toFixed()).toBe("200");
  });

  it("reads a coverage's case from its sales date's year, else from its recorded factor", () => {
    expect(coverageFactorPublication({ salesDate: "2023-12-14", priceAdjustmentFactor: "1" }, "1.1")).toBe(
      "inside",
    );
    expect(coverageFactorPublication({ salesDate: "2026-11-20", priceAdjustmentFactor: "0.45" }, "0.5")).toBe(
      "apart",
    );
    expect(coverageFactorPublication({ salesDate: "2025-11-20", priceAdjustmentFactor: "1" }, "1.1")).toBe(
      "inside",
    );
    expect(coverageFactorPublication({ salesDate: "2025-11-20", priceAdjustmentFactor: "1.1" }, "1.1")).toBe(
      "apart",
    );
  });
});
