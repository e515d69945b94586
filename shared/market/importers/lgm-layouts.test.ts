import { describe, expect, it } from "vitest";
import { admLayoutsOf } from "../layouts";
import { importLgm } from "./lgm";

// LGM files written column for column in RMA's own layouts (the A00010 rows in ../layouts): swine
// Finishing 0815/805 sold 2026-11-20, whose 6-month insurance period begins in December (practice 812).
// Each row's figures are ours; the columns and their order are RMA's for the year and version.

const SALES_DATE = "2026-11-20";
const MARGINS = [80.1, 82.25, 85, 84.5, 83]; // months 2–6

function file(member: "A00600" | "A00610", year: number, version: number, rows: Record<string, string>[]) {
  const layout = admLayoutsOf(member, year).find((l) => l.version === version);
  if (!layout) throw new Error(`no layout ${member} ${year} v${version}`);
  const names = layout.fields.map((f) => f[1]);
  const common: Record<string, string> = {
    "Record Type Code": member,
    "Record Category Code": "01",
    "Reinsurance Year": String(year),
    "Commodity Year": String(year),
    "Commodity Code": "0815",
    "Insurance Plan Code": "82",
    "State Code": "19",
    "County Code": "998",
    "Type Code": "805",
    "Practice Code": "812",
    "Sales Effective Date": "20261120",
  };
  return [names.join("|"), ...rows.map((r) => names.map((n) => r[n] ?? common[n] ?? "").join("|"))].join(
    "\r\n",
  );
}

const marginRows = [1, 2, 3, 4, 5, 6].map((month) => ({
  "Calendar Month Number": String(month),
  "Expected Gross Margin Amount": month === 1 ? "" : MARGINS[month - 2].toFixed(4),
}));
// RY2014–2021 draws: Month1 … Month11 Margin Draw Amount, month 1 empty (never insured).
const drawRows = [1, 2].map((n) => ({
  "Margin Draw Number": String(n),
  ...Object.fromEntries(MARGINS.map((m, i) => [`Month${i + 2} Margin Draw Amount`, (m + n).toFixed(2)])),
}));
const expected = {
  commodityCode: "0815",
  typeCode: "805",
  stateCode: "19",
  salesEffectiveDate: SALES_DATE,
  marketingMonths: ["2026-12", "2027-01", "2027-02", "2027-03", "2027-04", "2027-05"],
  expectedGrossMargins: [0, ...MARGINS],
  draws: [1, 2].map((n) => [0, ...MARGINS.map((m) => Number((m + n).toFixed(2)))]),
};

describe("LGM in RMA's own layouts", () => {
  it.each([
    [2014, 16],
    [2019, 32],
    [2021, 38],
    [2022, 40],
  ])(
    "RY%i (version %i, no Sales Effective Date): margins and draws read through the Practice Code",
    (year, version) => {
      const sets = importLgm(
        { text: file("A00600", year, version, marginRows), file: "m.txt" },
        { text: file("A00610", year, version, drawRows), file: "d.txt" },
        { salesDate: SALES_DATE },
      );
      expect(sets).toEqual([expected]);
    },
  );

  it("RY2022 version 41 (with Sales Effective Date)", () => {
    const sets = importLgm(
      { text: file("A00600", 2022, 41, marginRows), file: "m.txt" },
      { text: file("A00610", 2022, 42, drawRows), file: "d.txt" },
    );
    expect(sets).toEqual([expected]);
  });
});
