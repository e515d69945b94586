import { describe, expect, it } from "vitest";
import { importLrpRates } from "../importers/lrp-rate";
import { admField, admFormatProblem, admLayoutOfFile, admLayoutsOf, admOfferKeys } from ".";

// RMA's A00010 layouts as data: every reinsurance year 2011–2025 of the four members we read, and the
// file read by its year's layout.

const layout2024 = admLayoutsOf("A00630", 2024)[0];
const header = layout2024.fields.map((f) => f[1]);
/** A one-row A00630 file of RY2024 in RMA's layout: the real file's first row (2023-12-14, state 01). */
const REAL_ROW =
  "A00630|01|2024|2024|0801|81|01|998|809|203|20231214|13|224.360|809|031|997|997|997|997|997|203|W|1.00|5.99|242.096|0.926700|0.017592|3.947|204|20240314|||20231214||20230430";
const file = (head: string[], row = REAL_ROW) => `${head.join("|")}\r\n${row}\r\n`;

describe("RMA's ADM layouts as data", () => {
  it("hold every reinsurance year 2011–2025 of A00600, A00610, A00620 and A00630", () => {
    const years = (member: string) =>
      Array.from({ length: 15 }, (_, i) => 2011 + i).filter((y) => admLayoutsOf(member, y).length > 0).length;
    expect(["A00600", "A00610", "A00620", "A00630"].map(years)).toEqual([15, 15, 15, 15]);
  });

  it("say what the LGM importer relies on: RY2014–2021 margins dated by the Practice Code, RY2022 in two versions", () => {
    const has = (member: string, year: number, name: string) =>
      admLayoutsOf(member, year).map((l) => [l.version, l.fields.some((f) => f[1] === name)]);
    expect(has("A00600", 2019, "Sales Effective Date")).toEqual([[32, false]]);
    expect(admField(admLayoutsOf("A00600", 2019)[0], "Practice Code")?.[5]).toBe(true); // a business key
    expect(has("A00600", 2022, "Sales Effective Date")).toEqual([
      [40, false],
      [41, true],
    ]);
    expect(has("A00610", 2021, "Sales Effective Date")).toEqual([[38, false]]);
    expect(has("A00610", 2021, "Month1 Margin Draw Amount")).toEqual([[38, true]]);
  });

  it("read a RY2024 A00630 file by its layout (version 48), with RMA's business keys", () => {
    expect(admLayoutOfFile(file(header), "f.txt", "A00630")?.version).toBe(48);
    expect(admOfferKeys(layout2024)).toContain("Coverage Price");
    expect(admOfferKeys(layout2024)).not.toContain("State Code");
    expect(importLrpRates(file(header), "f.txt")).toHaveLength(1);
  });

  it("refuse a header that is not the year's layout, naming the column", () => {
    const swapped = [...header];
    [swapped[12], swapped[24]] = [swapped[24], swapped[12]];
    expect(() => importLrpRates(file(swapped), "f.txt")).toThrow(
      `f.txt: line 1: the header is not RMA's RY2024 A00630 layout (version 48): column 13 is "Expected Ending Value Amount", the layout has "Coverage Price"`,
    );
  });

  it("refuse a number that does not fit the layout's format, with line and column", () => {
    const row = REAL_ROW.replace("|0.017592|", "|0.0175921|").replace("|3.947|", "|3.9479|");
    expect(() => importLrpRates(file(header, row), "f.txt")).toThrow(
      "f.txt: line 2, column 27 (Livestock Rate): 0.0175921 does not fit RMA's format 9.999999 for Livestock Rate",
    );
    expect(admFormatProblem(-1, admField(layout2024, "Coverage Price") ?? layout2024.fields[0])).toBe(
      "must not be negative (RMA's format 9999.999)",
    );
  });

  it("read a year the data does not have yet (RY2027) by header names, as before", () => {
    expect(
      admLayoutOfFile(file(header, REAL_ROW.replace("|2024|2024|", "|2027|2027|")), "f.txt", "A00630"),
    ).toBeNull();
  });
});
