import { describe, expect, it } from "vitest";
import { FIXTURE_FILES, FIXTURE_TEXT } from "../fixtures";
import { marketSnapshotSchema } from "../snapshot";
import { importFuturesCsv } from "./futures-csv";
import { importLgm } from "./lgm";
import { importLrpActualEndingValues } from "./lrp-actual-ending-value";
import { importLrpRates } from "./lrp-rate";
import { importMarketFiles } from "./snapshot-builder";

const LRP_FILE = "A00630_LrpRate.txt";
const lines = (text: string) => text.trimEnd().split("\n");
/** The fixture with one cell replaced: line (1-based, header = 1) and header name. */
function withCell(text: string, line: number, header: string, value: string, delimiter = "|"): string {
  const rows = lines(text);
  const col = rows[0].split(delimiter).indexOf(header);
  const cells = rows[line - 1].split(delimiter);
  cells[col] = value;
  rows[line - 1] = cells.join(delimiter);
  return `${rows.join("\n")}\n`;
}

describe("A00630_LrpRate", () => {
  const rows = importLrpRates(FIXTURE_TEXT.lrpRate, LRP_FILE);

  it("reads every row with dates, levels and rates", () => {
    expect(rows).toHaveLength(6);
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
      costPerCwt: 5.2448,
      priceAdjustmentFactor: 1.1,
    });
  });

  it("round-trips: rows written back in RMA's layout read back the same", () => {
    const header =
      "Commodity Year|Commodity Code|Type Code|Sales Effective Date|End Date|Endorsement Length Count|Coverage Price|Expected Ending Value Amount|Livestock Coverage Level Percent|Livestock Rate|Cost Per Cwt Amount|Price Adjustment Factor";
    const ymd = (d: string) => d.replaceAll("-", "");
    const text = [
      header,
      ...rows.map((r) =>
        [
          r.cropYear,
          r.commodityCode,
          r.typeCode,
          ymd(r.salesEffectiveDate),
          ymd(r.endDate),
          r.endorsementLengthWeeks,
          r.coveragePrice.toFixed(2),
          r.expectedEndingValue.toFixed(2),
          r.coverageLevel.toFixed(4),
          r.rate.toFixed(6),
          r.costPerCwt.toFixed(4),
          r.priceAdjustmentFactor?.toFixed(3),
        ].join("|"),
      ),
    ].join("\n");
    expect(importLrpRates(text, LRP_FILE)).toEqual(rows);
  });

  it.each([
    [
      withCell(FIXTURE_TEXT.lrpRate, 3, "Livestock Coverage Level Percent", "95"),
      "A00630_LrpRate.txt: line 3, column 13 (Livestock Coverage Level Percent): expected a fraction from 0 to 1, found 95",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 2, "Commodity Code", "801"),
      'A00630_LrpRate.txt: line 2, column 5 (Commodity Code): expected a 4-digit code, found "801"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 4, "Livestock Rate", "0.0x2"),
      'A00630_LrpRate.txt: line 4, column 14 (Livestock Rate): expected a number, found "0.0x2"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 4, "Livestock Rate", "1.5"),
      "A00630_LrpRate.txt: line 4, column 14 (Livestock Rate): expected a rate from 0 to 1, found 1.5",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 5, "End Date", "20270231"),
      'A00630_LrpRate.txt: line 5, column 17 (End Date): expected a date YYYYMMDD or YYYY-MM-DD, found "20270231"',
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 5, "End Date", "20261101"),
      "A00630_LrpRate.txt: line 5, column 17 (End Date): must be after the Sales Effective Date",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 6, "Coverage Price", ""),
      "A00630_LrpRate.txt: line 6, column 11 (Coverage Price): a value is required",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 6, "Coverage Price", "0"),
      "A00630_LrpRate.txt: line 6, column 11 (Coverage Price): must be greater than 0",
    ],
    [
      withCell(FIXTURE_TEXT.lrpRate, 7, "Endorsement Length Count", "2.5"),
      'A00630_LrpRate.txt: line 7, column 10 (Endorsement Length Count): expected a whole number, found "2.5"',
    ],
    [`${FIXTURE_TEXT.lrpRate}0801|809\n`, "A00630_LrpRate.txt: line 8: expected 19 columns, found 2"],
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
  it("reads actual ending values", () => {
    const rows = importLrpActualEndingValues(FIXTURE_TEXT.lrpActualEndingValue, "A00620.txt");
    expect(rows[0]).toEqual({
      commodityCode: "0801",
      typeCode: "809",
      endDate: "2026-11-13",
      actualEndingValue: 265.12,
    });
    expect(rows).toHaveLength(4);
  });
  it("rejects a negative value", () => {
    expect(() =>
      importLrpActualEndingValues(
        withCell(FIXTURE_TEXT.lrpActualEndingValue, 3, "Actual Ending Value Amount", "-1"),
        "A00620.txt",
      ),
    ).toThrow("A00620.txt: line 3, column 9 (Actual Ending Value Amount): must not be negative");
  });
});

describe("A00600_LgmGrossMargin and A00610_LgmDraw", () => {
  const margins = { text: FIXTURE_TEXT.lgmGrossMargin, file: "A00600.txt" };
  const draws = { text: FIXTURE_TEXT.lgmDraw, file: "A00610.txt" };

  it("joins margins and draws into one set per type, state and sales date", () => {
    const [set] = importLgm(margins, draws);
    expect(set.stateCode).toBe("19");
    expect(set.marketingMonths).toHaveLength(11);
    expect(set.expectedGrossMargins[3]).toBe(180.25);
    expect(set.draws).toHaveLength(4);
    expect(set.draws?.[2][3]).toBe(170.1);
    expect(set.draws?.[2][8]).toBe(100.3);
  });

  it.each([
    [
      { ...margins, text: withCell(margins.text, 3, "Marketing Month", "202612") },
      undefined,
      "A00600.txt: line 3, column 10 (Marketing Month): 2026-12 appears twice for this type and sales date",
    ],
    [
      { ...margins, text: withCell(margins.text, 2, "Marketing Month", "202611") },
      undefined,
      "A00600.txt: line 2, column 10 (Marketing Month): must be after the sales month",
    ],
    [
      { ...margins, text: withCell(margins.text, 2, "Marketing Month", "202613") },
      undefined,
      'A00600.txt: line 2, column 10 (Marketing Month): expected a month YYYYMM or YYYY-MM, found "202613"',
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 5, "Type Code", "807") },
      "A00610.txt: line 5: no expected gross margins in A00600.txt for this commodity, type, state and sales date",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 5, "Marketing Month", "202711") },
      "A00610.txt: line 5, column 11 (Marketing Month): 2027-11 is not a marketing month in A00600.txt",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 5, "Marketing Month", "202612") },
      "A00610.txt: line 5, column 11 (Marketing Month): draw 1 has 2026-12 twice",
    ],
    [
      margins,
      { ...draws, text: withCell(draws.text, 5, "Draw Number", "0") },
      "A00610.txt: line 5, column 10 (Draw Number): must be 1 or more",
    ],
    [
      margins,
      { ...draws, text: lines(draws.text).slice(0, -1).join("\n") },
      "A00610.txt: line 35: draw 4 has no row for marketing month 2027-10",
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
      6,
      1,
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
