import { describe, expect, it } from "vitest";
import { FIXTURE_TEXT } from "../fixtures";
import { importLgm } from "./lgm";

// A00600 in the long layout of reinsurance year 2022 (S4, docs/market-data.md): one row per Calendar
// Month Number with one Expected / Actual Gross Margin Amount, and a Sales Effective Date. Built here from
// the wide fixture, row by row and month by month, so the two layouts must import to the same sets.
// Years 2014–2021 (long, no Sales Effective Date) are refused with the reason.

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

describe("A00600 in the long layout", () => {
  it("reinsurance year 2022 (with Sales Effective Date) imports to the same sets as the wide layout", () => {
    const long = longLayout();
    expect(long.split("\n").length).toBeGreaterThan(wide.length * 3);
    const fromWide = importLgm({ text: FIXTURE_TEXT.lgmGrossMargin });
    const fromLong = importLgm({ text: long, file: "A00600_LgmGrossMargin_2022.txt" });
    expect(fromLong).toEqual(fromWide);
    expect(fromLong.length).toBeGreaterThan(0);
  });

  it("reinsurance years 2014–2021 (no Sales Effective Date) are refused with the reason", () => {
    expect(() => importLgm({ text: longLayout(["Sales Effective Date"]), file: "A00600_2019.txt" })).toThrow(
      'A00600_2019.txt: line 1: the long layout of reinsurance years 2014–2021 ("Calendar Month Number" without "Sales Effective Date") is not read: its rows do not say which sales date struck each margin',
    );
  });

  it("a month outside the insurance period and a month given twice stop the import with the line", () => {
    const long = longLayout().trimEnd().split("\n");
    const at = long[0].split("|").indexOf("Calendar Month Number");
    const bad = long[1].split("|");
    bad[at] = "12";
    expect(() => importLgm({ text: [long[0], bad.join("|")].join("\n"), file: "L.txt" })).toThrow(
      `L.txt: line 2, column ${at + 1} (Calendar Month Number): expected a month of the insurance period, 2 to 11, found 12`,
    );
    expect(() => importLgm({ text: [long[0], long[1], long[1]].join("\n"), file: "L.txt" })).toThrow(
      /^L\.txt: line 3: a second row for commodity \d{4}, type \d{3}, state \d{2}, sales date [\d-]+(, market symbol \w+)?, month \d+$/,
    );
  });
});
