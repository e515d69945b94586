import { describe, expect, it } from "vitest";
import { FIXTURE_TEXT } from "../fixtures";
import { importLgm } from "./lgm";

const SALES_DATE = "2026-11-20"; // the fixture's; its insurance periods begin in December: 912, 812

// A00600 in the long layout of reinsurance year 2022 (S4, docs/market-data.md): one row per Calendar
// Month Number with one Expected / Actual Gross Margin Amount, and a Sales Effective Date. Built here from
// the wide fixture, row by row and month by month, so the two layouts must import to the same sets.
// Years 2014–2021 (long, no Sales Effective Date; RMA's A00010 layout rows in tests/fixtures/rma/) are
// read for the sales date the file is imported as, through the Practice Code's insurance period.

const wide = FIXTURE_TEXT.lgmGrossMargin.trimEnd().split("\n");
const header = wide[0].split("|");
const monthCol = (n: number, what: "Expected" | "Actual") =>
  header.indexOf(`Month${n} ${what} Gross Margin Amount`);
const monthCols = new Set(
  [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].flatMap((n) => [monthCol(n, "Expected"), monthCol(n, "Actual")]),
);
const kept = header.map((_, i) => i).filter((i) => !monthCols.has(i));

/** The fixture in the long layout (reinsurance year 2022); `drop` leaves columns out of the header. */
function longLayout(drop: string[] = []): string {
  const cols = kept.filter((i) => !drop.includes(header[i]));
  const lines = [
    [
      ...cols.map((i) => header[i]),
      "Calendar Month Number",
      "Expected Gross Margin Amount",
      "Actual Gross Margin Amount",
    ].join("|"),
  ];
  for (const line of wide.slice(1)) {
    const cells = line.split("|");
    cells[header.indexOf("Reinsurance Year")] = "2022";
    for (let n = 2; n <= 11; n++) {
      const expected = cells[monthCol(n, "Expected")];
      if (expected === "") continue;
      lines.push([...cols.map((i) => cells[i]), String(n), expected, cells[monthCol(n, "Actual")]].join("|"));
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The long layout as RY2014–2021 publish it: the Practice Code names the insurance period (cattle 912,
 * swine 812: December, the month after the sales date), Reinsurance Year 2019; plus, per set, a row of
 * another period (911/811, to be read past) and a Calendar Month Number 1 row (never insured).
 */
function periodLayout(long: string): string {
  const lines = long.trimEnd().split("\n");
  const head = lines[0].split("|");
  const col = (name: string) => head.indexOf(name);
  const out = [lines[0]];
  for (const line of lines.slice(1)) {
    const cells = line.split("|");
    cells[col("Reinsurance Year")] = "2019";
    const digit = cells[col("Commodity Code")] === "0815" ? "8" : "9";
    cells[col("Practice Code")] = `${digit}12`;
    out.push(cells.join("|"));
    if (cells[col("Calendar Month Number")] === "2") {
      const first = [...cells];
      first[col("Calendar Month Number")] = "1";
      first[col("Expected Gross Margin Amount")] = "999.0000";
      out.push(first.join("|"));
      const other = [...cells];
      other[col("Practice Code")] = `${digit}11`;
      other[col("Expected Gross Margin Amount")] = "1.0000";
      out.push(other.join("|"));
    }
  }
  return `${out.join("\n")}\n`;
}

/** The draw fixture in RY2014–2021's A00610 layout: one row per component (Market Symbol Code), Month1 … Month11. */
function oldDraws(): string {
  const lines = FIXTURE_TEXT.lgmDraw.trimEnd().split("\n");
  const head = lines[0].split("|");
  const col = (name: string) => head.indexOf(name);
  const months = Array.from({ length: 11 }, (_, i) => i + 1);
  const keys = [
    "Record Type Code",
    "Record Category Code",
    "Reinsurance Year",
    "Commodity Year",
    "Commodity Code",
    "Insurance Plan Code",
    "State Code",
    "County Code",
    "Type Code",
    "Practice Code",
  ];
  const out = [
    [
      ...keys,
      "Market Symbol Code",
      "Margin Draw Number",
      ...months.map((n) => `Month${n} Margin Draw Amount`),
    ].join("|"),
  ];
  const legs: Record<string, [string, string][]> = {
    "0803": [
      ["LE", "Live Cattle "],
      ["GF", "Feeder Cattle "],
      ["C", "Corn "],
    ],
    "0815": [["", ""]],
  };
  for (const line of lines.slice(1)) {
    const cells = line.split("|");
    const commodity = cells[col("Commodity Code")];
    for (const [symbol, prefix] of legs[commodity]) {
      const key = keys.map((k) =>
        k === "Reinsurance Year"
          ? "2019"
          : k === "Practice Code"
            ? `${commodity === "0815" ? 8 : 9}12`
            : cells[col(k)],
      );
      const values = months.map((n) => (n === 1 ? "" : cells[col(`${prefix}Month${n} Margin Draw Amount`)]));
      out.push([...key, symbol, cells[col("Margin Draw Number")], ...values].join("|"));
    }
  }
  return `${out.join("\n")}\n`;
}

describe("A00600 in the long layout", () => {
  it("reinsurance year 2022 (with Sales Effective Date) imports to the same sets as the wide layout", () => {
    const long = longLayout();
    expect(long.split("\n").length).toBeGreaterThan(wide.length * 3);
    const fromWide = importLgm({ text: FIXTURE_TEXT.lgmGrossMargin });
    const fromLong = importLgm({ text: long, file: "A00600_LgmGrossMargin_2022.txt" });
    expect(fromLong).toEqual(fromWide);
    expect(fromLong.length).toBeGreaterThan(0);
  });

  it("reinsurance years 2014–2021 (no Sales Effective Date) need the file's sales date, and say so", () => {
    expect(() => importLgm({ text: longLayout(["Sales Effective Date"]), file: "A00600_2019.txt" })).toThrow(
      "A00600_2019.txt: line 1: this layout (reinsurance years 2014–2021, or 2022's first) has no Sales Effective Date: its rows are dated by the Practice Code's insurance period, so give the sales date the file is for (--as-of)",
    );
  });

  it("reinsurance years 2014–2021 read through the Practice Code: the sales date's period kept, another period's rows and month 1 read past", () => {
    const old = periodLayout(longLayout(["Sales Effective Date"]));
    const fromWide = importLgm({ text: FIXTURE_TEXT.lgmGrossMargin });
    const fromOld = importLgm({ text: old, file: "A00600_2019.txt" }, undefined, { salesDate: SALES_DATE });
    expect(fromOld).toEqual(fromWide);
  });

  it("reinsurance years 2014–2021 draws (A00610: a component per row, Month1 … Month11, no Sales Effective Date) with their margins", () => {
    const old = periodLayout(longLayout(["Sales Effective Date"]));
    const fromWide = importLgm({ text: FIXTURE_TEXT.lgmGrossMargin }, { text: FIXTURE_TEXT.lgmDraw });
    const fromOld = importLgm({ text: old }, { text: oldDraws() }, { salesDate: SALES_DATE });
    expect(fromOld).toEqual(fromWide);
    expect(fromOld.every((set) => set.draws && set.draws.length === 4)).toBe(true);
  });

  it("an insurance-period Practice Code that does not fit the commodity stops the import with its line", () => {
    const old = periodLayout(longLayout(["Sales Effective Date"]))
      .trimEnd()
      .split("\n");
    const at = old[0].split("|").indexOf("Practice Code");
    const bad = old[1].split("|");
    bad[at] = "812"; // a swine period on a cattle row
    expect(() =>
      importLgm({ text: [old[0], bad.join("|")].join("\n"), file: "P.txt" }, undefined, {
        salesDate: SALES_DATE,
      }),
    ).toThrow(
      `P.txt: line 2, column ${at + 1} (Practice Code): expected an insurance period (901–912 for commodity 0803), found "812"`,
    );
  });

  it("a month outside the insurance period and a month given twice stop the import with the line", () => {
    const long = longLayout().trimEnd().split("\n");
    const at = long[0].split("|").indexOf("Calendar Month Number");
    const bad = long[1].split("|");
    bad[at] = "12";
    expect(() => importLgm({ text: [long[0], bad.join("|")].join("\n"), file: "L.txt" })).toThrow(
      `L.txt: line 2, column ${at + 1} (Calendar Month Number): expected a month of the insurance period, 1 to 11, found 12`,
    );
    expect(() => importLgm({ text: [long[0], long[1], long[1]].join("\n"), file: "L.txt" })).toThrow(
      /^L\.txt: line 3: a second row for commodity \d{4}, type \d{3}, state \d{2}, sales date [\d-]+(, market symbol \w+)?, month \d+$/,
    );
  });
});
