import { describe, expect, it } from "vitest";
import { cropYearOf, reinsuranceYear } from "./crop-year";

describe("crop year of a sales date (one definition)", () => {
  it("is RMA's livestock crop year: July 1 – June 30, named by the year it ends in", () => {
    expect(cropYearOf("2026-06-30")).toBe(2026);
    expect(cropYearOf("2026-07-01")).toBe(2027);
    expect(cropYearOf("2026-11-20")).toBe(2027);
    expect(cropYearOf("2026-01-01")).toBe(2026);
    expect(cropYearOf("2027-12-31")).toBe(2028);
  });
  it("refuses what is not a date, saying so", () => {
    expect(() => cropYearOf("2026-13-01")).toThrow(
      'cropYearOf: expected a date YYYY-MM-DD, got "2026-13-01"',
    );
    expect(() => cropYearOf("")).toThrow(/expected a date/);
  });
});

describe("reinsurance year (July 1 – June 30, named by the year it ends)", () => {
  it.each([
    ["2026-06-30", 2026],
    ["2026-07-01", 2027],
    ["2026-11-23", 2027],
    ["2027-01-01", 2027],
    ["2027-06-30", 2027],
    ["2027-07-01", 2028],
  ])("%s → %i", (date, year) => {
    expect(reinsuranceYear(date)).toBe(year);
  });
  it("refuses a bad date", () => {
    expect(() => reinsuranceYear("2026-02-30")).toThrow(/reinsuranceYear: expected a date/);
  });
});
