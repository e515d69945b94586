import { describe, expect, it } from "vitest";
import { FIXTURE_FILES, FIXTURE_TEXT } from "../fixtures";
import { marketSnapshotSchema } from "../snapshot";
import { importFuturesCsv } from "./futures-csv";
import { importLgm } from "./lgm";
import { importLrpActualEndingValues } from "./lrp-actual-ending-value";
import { importLrpRates } from "./lrp-rate";
import { importMarketFiles } from "./snapshot-builder";

const LRP_FILE = "A00630_LrpRate.txt";
const lines = (text: string) => text.trimEnd().split(/\r?\n/);
/** The fixture with one cell replaced: line (1-based, header = 1) and header name. */
function withCell(text: string, line: number, header: string, value: string, delimiter = "|"): string {
  const rows = lines(text);
  const col = rows[0].split(delimiter).indexOf(header);
  const cells = rows[line - 1].split(delimiter);
  cells[col] = value;
  rows[line - 1] = cells.join(delimiter);
  return `${rows.join("\n")}\n`;
}

describe("A00630_LrpRate (RMA's layout: header row, pipe-delimited, a row per state)", () => {
  const rows = importLrpRates(FIXTURE_TEXT.lrpRate, LRP_FILE);

  it("reads every offer once, with dates, levels and rates; leading zeros kept", () => {
    // 7 offers × 2 states, and one withdrawn row (Deleted Date): 7 offers.
    expect(rows).toHaveLength(7);
    expect(rows[1]).toEqual({
      cropYear: 2027,
      commodityCode: "0801",
      typeCode: "809",
      salesEffectiveDate: "2026-11-20",
      endDate: "2027-05-21",
      endorsementLengthWeeks: 26,
      coverageLevel: 0.95,
      coveragePrice: 247,
      expectedEndingValue: 260,
      rate: 0.021234,
      costPerCwt: 5.245,
      priceAdjustmentFactor: 1.1,
    });
    expect(rows.some((r) => r.coveragePrice === 250)).toBe(false);
  });

  it("reads a file whose columns come in another order, and one without the optional columns", () => {
    const table = lines(FIXTURE_TEXT.lrpRate).map((l) => l.split("|"));
    const reversed = table.map((cells) => [...cells].reverse().join("|")).join("\n");
    expect(importLrpRates(reversed, LRP_FILE)).toEqual(rows);
    const keep = table[0]
      .map((h, i) => [h, i] as const)
      .filter(([h]) => !["Record Type Code", "State Code", "Practice Code", "Deleted Date"].includes(h))
      .map(([, i]) => i);
    const trimmed = table
      .slice(0, 8)
      .map((cells) => keep.map((i) => cells[i]).join("|"))
      .join("\n");
    expect(importLrpRates(trimmed, LRP_FILE)).toEqual(rows);
  });

  it("takes an empty Price Adjustment Factor as none (older files: a year whose factor is inside, RY2024, or one the data does not name, RY2026)", () => {
    const blank = FIXTURE_TEXT.lrpRate.replaceAll(/\|1\.(10|00)\|(\d{8})\|/g, "||$2|");
    for (const [ry, date] of [
      ["2024", "20231120"],
      ["2026", "20251120"],
    ]) {
      const older = blank.replaceAll("|2027|2027|", `|${ry}|${ry}|`).replaceAll("20261120", date);
      const [row] = importLrpRates(older, LRP_FILE);
      expect(row.priceAdjustmentFactor).toBeUndefined();
    }
  });

  it.each([
    [
      withCell(FIXTURE_TEXT.lrpRate, 3, "Livestock Coverage Level Percent", "95"),
      "A00630_LrpRate.txt: line 3, column 26 (Livestock Coverage Level Percent): expected a fraction from 0 to 1, found 95",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 2, "Commodity Code", "801"),
      'A00630_LrpRate.txt: line 2, column 5 (Commodity Code): expected a 4-digit code, found "801"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 2, "Type Code", "8"),
      'A00630_LrpRate.txt: line 2, column 9 (Type Code): expected a 3-digit code, found "8"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 4, "Livestock Rate", "0.0x2"),
      'A00630_LrpRate.txt: line 4, column 27 (Livestock Rate): expected a number, found "0.0x2"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 4, "Livestock Rate", "1.5"),
      "A00630_LrpRate.txt: line 4, column 27 (Livestock Rate): expected a rate from 0 to 1, found 1.5",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 4, "Cost Per Cwt Amount", "0.5"),
      "A00630_LrpRate.txt: line 4, column 28 (Cost Per Cwt Amount): expected Livestock Rate × Coverage Price (0.2579), found 0.5",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 3, "Coverage Price", "240.00"),
      "A00630_LrpRate.txt: line 3, column 13 (Coverage Price): expected Expected Ending Value Amount × Livestock Coverage Level Percent (247.00), found 240",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 5, "End Date", "20270231"),
      'A00630_LrpRate.txt: line 5, column 30 (End Date): expected a date YYYYMMDD or YYYY-MM-DD, found "20270231"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 5, "End Date", "20261101"),
      "A00630_LrpRate.txt: line 5, column 30 (End Date): must be after the Sales Effective Date",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 6, "Coverage Price", ""),
      "A00630_LrpRate.txt: line 6, column 13 (Coverage Price): a value is required",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 7, "Endorsement Length Count", "2.5"),
      'A00630_LrpRate.txt: line 7, column 12 (Endorsement Length Count): expected a whole number, found "2.5"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 2, "Record Type Code", "A00620"),
      'A00630_LrpRate.txt: line 2, column 1 (Record Type Code): expected A00630, found "A00620" (is this the right ADM member?)',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 2, "Insurance Plan Code", "82"),
      'A00630_LrpRate.txt: line 2, column 6 (Insurance Plan Code): expected 81, found "82"',
    ],
    [
      // The same offer in another state with another rate: RMA's rates are national; stop.
      withCell(
        withCell(FIXTURE_TEXT.lrpRate, 10, "Livestock Rate", "0.021235"),
        10,
        "Cost Per Cwt Amount",
        "5.245",
      ),
      "A00630_LrpRate.txt: line 10: this row's rate, price or dates differs from line 3 of A00630_LrpRate.txt for the same offer",
    ],
    [`${FIXTURE_TEXT.lrpRate}A00630|01|2027\n`, "A00630_LrpRate.txt: line 17: expected 35 columns, found 3"],
    [
      FIXTURE_TEXT.lrpRate.replace("|Livestock Rate|", "|Rate|"),
      'A00630_LrpRate.txt: line 1: missing column "Livestock Rate"',
    ],
    ["", "A00630_LrpRate.txt: line 1: the file is empty (expected a header row)"],
  ])("rejects a bad file with file, line and column (%#)", (text, message) => {
    expect(() => importLrpRates(text, LRP_FILE)).toThrow(message);
  });
});

describe("A00620_LrpActualEndingValue", () => {
  it("reads actual ending values once per offer; an empty value is not published yet", () => {
    const rows = importLrpActualEndingValues(FIXTURE_TEXT.lrpActualEndingValue, "A00620.txt");
    expect(rows[0]).toEqual({
      commodityCode: "0801",
      typeCode: "809",
      endDate: "2026-11-13",
      actualEndingValue: 265.12,
    });
    expect(rows).toHaveLength(4);
  });
  it.each([
    [
      withCell(FIXTURE_TEXT.lrpActualEndingValue, 3, "Actual Ending Value Amount", "-1"),
      "A00620.txt: line 3, column 20 (Actual Ending Value Amount): must not be negative",
    ],
    [
      withCell(FIXTURE_TEXT.lrpActualEndingValue, 7, "Actual Ending Value Amount", "265.13"),
      "A00620.txt: line 7, column 20 (Actual Ending Value Amount): this row's Actual Ending Value Amount differs from line 2 of A00620.txt for the same offer",
    ],
  ])("rejects a bad value (%#)", (text, message) => {
    expect(() => importLrpActualEndingValues(text, "A00620.txt")).toThrow(message);
  });
});

describe("A00600_LgmGrossMargin and A00610_LgmDraw (RMA's wide layout)", () => {
  const margins = { text: FIXTURE_TEXT.lgmGrossMargin, file: "A00600.txt" };
  const draws = { text: FIXTURE_TEXT.lgmDraw, file: "A00610.txt" };
  const sets = importLgm(margins, draws);
  const cattle = sets.find((s) => s.commodityCode === "0803");
  const swine = sets.find((s) => s.commodityCode === "0815");

  it("assembles cattle margins per head from the LE, GF and C rows with RMA's default weights", () => {
    // March 2027 is Month4 (sales month November + 4): 12.5 × 212.42 − 7.5 × 300 − 50 × 4.50 = 180.25
    expect(cattle?.marketingMonths).toEqual([
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
      "2027-06",
      "2027-07",
      "2027-08",
      "2027-09",
      "2027-10",
    ]);
    expect(cattle?.expectedGrossMargins[0]).toBe(0); // month 1: never insured, not published
    expect(cattle?.expectedGrossMargins[3]).toBe(180.25);
    expect(cattle?.expectedGrossMargins[8]).toBe(140.5);
    expect(cattle?.draws).toHaveLength(4);
    // Draw 3's LE in RMA's format S9999.99: 12.5 × 211.61 − 2250 − 225 = 170.125; 12.5 × 206.02 − … = 100.25
    expect(cattle?.draws?.[2][3]).toBe(170.125);
    expect(cattle?.draws?.[2][8]).toBe(100.25);
  });

  it("reads swine margins published whole, months 2 to 6; skips a placeholder row with no months", () => {
    expect(swine?.typeCode).toBe("805");
    expect(swine?.marketingMonths).toEqual([
      "2026-12",
      "2027-01",
      "2027-02",
      "2027-03",
      "2027-04",
      "2027-05",
    ]);
    expect(swine?.expectedGrossMargins).toEqual([0, 80.1, 82.35, 85, 83.2, 79.95]);
    expect(swine?.draws?.[3]).toEqual([0, 84, 86.5, 87, 86, 84.5]);
    expect(sets.some((s) => s.typeCode === "804")).toBe(false);
  });

  it("keeps the figures identical in every state once, without a state code; a lone state keeps its code", () => {
    expect(sets).toHaveLength(2);
    expect(cattle?.stateCode).toBeUndefined();
    const iowaOnly = (text: string) =>
      lines(text)
        .filter((l, i) => i === 0 || l.split("|")[6] === "19")
        .join("\n");
    const single = importLgm(
      { ...margins, text: iowaOnly(margins.text) },
      { ...draws, text: iowaOnly(draws.text) },
    );
    expect(single.map((s) => s.stateCode)).toEqual(["19", "19"]);
    const kansasDiffers = withCell(margins.text, 7, "Month4 Expected Gross Margin Amount", "212.5000");
    expect(importLgm({ ...margins, text: kansasDiffers }).map((s) => s.stateCode)).toEqual([
      "19",
      "20",
      undefined,
    ]);
  });

  it("uses a cattle margin published whole (a row without Market Symbol Code) as it is", () => {
    const header = lines(margins.text)[0];
    const leRow = lines(margins.text)[1].split("|");
    const cols = header.split("|");
    leRow[cols.indexOf("Market Symbol Code")] = "";
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].forEach((m, i) => {
      leRow[cols.indexOf(`Month${m} Expected Gross Margin Amount`)] = String(100 + i);
    });
    const [set] = importLgm({ ...margins, text: [header, leRow.join("|")].join("\n") });
    expect(set.expectedGrossMargins).toEqual([0, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
  });

  it("reads older draw files that give one component per row with its Market Symbol Code", () => {
    const header = lines(draws.text)[0].split("|");
    const at = (h: string) => header.indexOf(h);
    const prefixes: [string, string][] = [
      ["LE", "Live Cattle "],
      ["GF", "Feeder Cattle "],
      ["C", "Corn "],
    ];
    const months = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    const out = [
      [
        "Commodity Code",
        "Type Code",
        "State Code",
        "Sales Effective Date",
        "Market Symbol Code",
        "Margin Draw Number",
        ...months.map((m) => `Month${m} Margin Draw Amount`),
      ].join("|"),
    ];
    for (const line of lines(draws.text).slice(1)) {
      const cells = line.split("|");
      if (cells[at("Commodity Code")] !== "0803" || cells[at("State Code")] !== "19") continue;
      for (const [symbol, prefix] of prefixes)
        out.push(
          [
            "0803",
            "808",
            "19",
            "20261120",
            symbol,
            cells[at("Margin Draw Number")],
            ...months.map((m) => cells[at(`${prefix}Month${m} Margin Draw Amount`)]),
          ].join("|"),
        );
    }
    const iowa = lines(margins.text)
      .filter((l, i) => i === 0 || (l.split("|")[6] === "19" && l.includes("|0803|")))
      .join("\n");
    const [set] = importLgm({ ...margins, text: iowa }, { text: out.join("\n"), file: "old.txt" });
    expect(set.draws).toEqual(cattle?.draws);
  });

  it.each([
    [
      { ...margins, text: withCell(margins.text, 2, "Market Symbol Code", "LC") },
      undefined,
      'A00600.txt: line 2, column 11 (Market Symbol Code): expected one of LE, GF, C for commodity 0803, found "LC"',
    ],
    [
      { ...margins, text: withCell(margins.text, 3, "Market Symbol Code", "LE") },
      undefined,
      "A00600.txt: line 3: a second row for commodity 0803, type 808, state 19, sales date 2026-11-20, market symbol LE",
    ],
    [
      { ...margins, text: withCell(margins.text, 5, "Month3 Expected Gross Margin Amount", "") },
      undefined,
      "A00600.txt: line 5: Month3 Expected Gross Margin Amount is empty between published months",
    ],
    [
      { ...margins, text: withCell(margins.text, 2, "Month3 Expected Gross Margin Amount", "2l0.00") },
      undefined,
      'A00600.txt: line 2, column 21 (Month3 Expected Gross Margin Amount): expected a number, found "2l0.00"',
    ],
    [
      { ...margins, text: withCell(margins.text, 2, "Live Cattle Equivalent Default Value", "13") },
      undefined,
      "A00600.txt: line 2: Live Cattle Equivalent Default Value 13 differs from the default weight 12.5 the quotes use for type 808",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 3, "Type Code", "807") },
      "A00610.txt: line 3: no expected gross margins in A00600.txt for commodity 0803, type 807, state 19, sales date 2026-11-20",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 3, "Margin Draw Number", "1") },
      "A00610.txt: line 3, column 11 (Margin Draw Number): draw 1 appears twice for LE",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 4, "Margin Draw Number", "0") },
      "A00610.txt: line 4, column 11 (Margin Draw Number): must be 1 or more",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 5, "Corn Month11 Margin Draw Amount", "") },
      "A00610.txt: line 5: draw 4 has no Margin Draw Amount for Month11 (A00600.txt publishes months 2 to 11)",
    ],
    [
      margins,
      {
        ...draws,
        text: `${lines(draws.text).join("\n")}\nA00610|01|2027|2027|0815|82|20|998|805|805|5|001|81.00|80.`,
      },
      "A00610.txt: line 18: expected 79 columns, found 14",
    ],
  ])("rejects a bad file with file, line and column (%#)", (m, d, message) => {
    expect(() => importLgm(m, d)).toThrow(message);
  });
});

describe("futures settlement CSV", () => {
  it("reads settlements and at-the-money volatilities; an empty volatility stays absent", () => {
    const { asOf, futures } = importFuturesCsv(FIXTURE_TEXT.futures);
    expect(asOf).toBe("2026-11-20");
    expect(futures[2]).toEqual({
      root: "GF",
      contractMonth: "2027-05",
      settle: 258.5,
      impliedVolatility: 0.18,
    });
    expect(futures.find((f) => f.root === "LE" && f.contractMonth === "2027-06")).toEqual({
      root: "LE",
      contractMonth: "2027-06",
      settle: 224.3,
    });
  });
  it.each([
    [
      withCell(FIXTURE_TEXT.futures, 3, "Root", "XX", ","),
      'futures.csv: line 3, column 2 (Root): expected one of GF, LE, HE, ZC, ZM, DL, found "XX"',
    ],
    [
      withCell(FIXTURE_TEXT.futures, 4, "Trade Date", "2026-11-19", ","),
      "futures.csv: line 4, column 1 (Trade Date): every row needs the same trade date (2026-11-20)",
    ],
    [
      withCell(FIXTURE_TEXT.futures, 4, "Contract Month", "2027-01", ","),
      "futures.csv: line 4, column 3 (Contract Month): GF 2027-01 appears twice",
    ],
    [
      withCell(FIXTURE_TEXT.futures, 5, "Settle", "-3", ","),
      "futures.csv: line 5, column 4 (Settle): must be greater than 0",
    ],
    [
      withCell(FIXTURE_TEXT.futures, 5, "Implied Volatility", "18", ","),
      "futures.csv: line 5, column 5 (Implied Volatility): expected an annualised fraction such as 0.18, found 18",
    ],
    ["Trade Date,Root,Contract Month,Settle\n", "futures.csv: line 2: no settlements"],
  ])("rejects a bad file with file, line and column (%#)", (text, message) => {
    expect(() => importFuturesCsv(text)).toThrow(message);
  });
});

describe("a whole snapshot", () => {
  it("imports all five files into one valid snapshot", () => {
    const snapshot = importMarketFiles(FIXTURE_FILES, { label: "fixture" });
    expect(marketSnapshotSchema.parse(snapshot)).toEqual(snapshot);
    expect([snapshot.asOf, snapshot.source, snapshot.lrpRates.length, snapshot.lgm.length]).toEqual([
      "2026-11-20",
      "rma",
      7,
      2,
    ]);
  });
  it("keeps nothing when one file is bad", () => {
    const bad = {
      ...FIXTURE_FILES,
      futures: { text: withCell(FIXTURE_TEXT.futures, 2, "Settle", "x", ","), file: "f.csv" },
    };
    expect(() => importMarketFiles(bad, { label: "fixture" })).toThrow("f.csv: line 2, column 4 (Settle)");
  });
});
