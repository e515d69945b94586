import { describe, expect, it } from "vitest";
import { FIXTURE_TEXT } from "../fixtures";
import { FIXTURE_META, fixtureLayout, fixtureText } from "../fixtures/layout-files";
import { admLayoutsOf } from "../layouts";
import { importLgm } from "./lgm";
import { importLrpActualEndingValues } from "./lrp-actual-ending-value";

// LGM files of earlier reinsurance years, written from the fixtures' figures in RMA's own layout of
// each year (A00010 rows, ../layouts; ../fixtures/build.ts): they must import to the same sets as the
// fixtures (RY2025's wide layout), and a file that breaks its year's layout is refused with file, line
// and field. RY2011–2022's A00600 is the long layout (a row per Calendar Month Number); RY2014–2021 and
// RY2022's first version have no Sales Effective Date: the Practice Code's insurance period dates them.

const SALES_DATE = FIXTURE_META.salesDate; // insurance periods beginning in December: 912, 812
type Member = "A00600" | "A00610" | "A00620";
/** A member's figures in RMA's layout of a year (a version of it, or the year's last). */
const inLayout = (member: Member, year: number, version?: number, salesDate = SALES_DATE) => {
  const layout =
    version === undefined
      ? fixtureLayout(member, year)
      : admLayoutsOf(member, year).find((l) => l.version === version);
  if (!layout) throw new Error(`no RY${year} ${member} layout version ${version}`);
  return fixtureText(member, layout, { ...FIXTURE_META, reinsuranceYear: year, salesDate }).text;
};
const rows = (text: string) => text.trimEnd().split("\r\n");
const wide = importLgm({ text: FIXTURE_TEXT.lgmGrossMargin }, { text: FIXTURE_TEXT.lgmDraw });
const wideMargins = importLgm({ text: FIXTURE_TEXT.lgmGrossMargin });

describe("LGM files of every layout RMA published", () => {
  it("the fixtures are RY2025's last layout, field for field (A00600 and A00610 version 51)", () => {
    expect(rows(FIXTURE_TEXT.lgmGrossMargin)[0]).toBe(
      fixtureLayout("A00600")
        .fields.map((f) => f[1])
        .join("|"),
    );
    expect(fixtureLayout("A00610").version).toBe(51);
    expect(wide.every((s) => s.draws?.length === 4)).toBe(true);
  });

  it.each([
    [2025, 51, 51],
    [2022, 41, 42],
  ])(
    "RY%i (A00600 version %i, A00610 version %i, with Sales Effective Date) import to the fixtures' sets",
    (year, marginVersion, drawVersion) => {
      const sets = importLgm(
        { text: inLayout("A00600", year, marginVersion), file: "m.txt" },
        { text: inLayout("A00610", year, drawVersion), file: "d.txt" },
      );
      expect(sets).toEqual(wide);
    },
  );

  it.each([2023, 2024])(
    "RY%i (wide, no Live/Feeder Cattle default weights: the catalogue's) margins import to the fixtures' sets",
    (year) => {
      // Its A00610 has no Live Cattle / Feeder Cattle draw columns (cattle draws come whole there), so
      // the fixtures' component draws are not written in it.
      expect(inLayout("A00600", year)).not.toContain("Live Cattle Equivalent Default Value");
      expect(importLgm({ text: inLayout("A00600", year), file: "m.txt" })).toEqual(wideMargins);
    },
  );

  it("reinsurance years 2014–2021 (no Sales Effective Date) need the file's sales date, and say so", () => {
    expect(() => importLgm({ text: inLayout("A00600", 2019), file: "A00600_2019.txt" })).toThrow(
      "A00600_2019.txt: line 1: this layout (reinsurance years 2014–2021, or 2022's first) has no Sales Effective Date: its rows are dated by the Practice Code's insurance period, so give the sales date the file is for (--as-of)",
    );
  });

  it.each([
    [2014, undefined, undefined],
    [2019, undefined, undefined],
    [2021, undefined, undefined],
    [2022, 40, 40],
  ])(
    "RY%i (versions %s/%s: no Sales Effective Date) read through the Practice Code; another period's rows and month 1 read past",
    (year, marginVersion, drawVersion) => {
      // The same figures for the period sold a month earlier (practice 911/811): RMA republishes them.
      const other = (member: Member, version?: number) =>
        rows(inLayout(member, year, version, "2026-10-20")).slice(1);
      const margins = [...rows(inLayout("A00600", year, marginVersion)), ...other("A00600", marginVersion)];
      const draws = [...rows(inLayout("A00610", year, drawVersion)), ...other("A00610", drawVersion)];
      expect(margins.some((l) => l.includes("|911|"))).toBe(true);
      const sets = importLgm(
        { text: margins.join("\r\n"), file: "m.txt" },
        { text: draws.join("\r\n"), file: "d.txt" },
        { salesDate: SALES_DATE },
      );
      expect(sets).toEqual(wide);
    },
  );

  it("an insurance-period Practice Code that does not fit the commodity stops the import with its line", () => {
    const lines = rows(inLayout("A00600", 2019));
    const at = lines[0].split("|").indexOf("Practice Code");
    const bad = lines[1].split("|");
    bad[at] = "812"; // a swine period on a cattle row
    expect(() =>
      importLgm({ text: [lines[0], bad.join("|")].join("\n"), file: "P.txt" }, undefined, {
        salesDate: SALES_DATE,
      }),
    ).toThrow(
      `P.txt: line 2, column ${at + 1} (Practice Code): expected an insurance period (901–912 for commodity 0803), found "812"`,
    );
  });

  it("a month outside the insurance period, and a month given twice (RMA's business key), stop the import with the line", () => {
    const lines = rows(inLayout("A00600", 2022, 41));
    const at = lines[0].split("|").indexOf("Calendar Month Number");
    const bad = lines[2].split("|");
    bad[at] = "12";
    expect(() => importLgm({ text: [lines[0], bad.join("|")].join("\n"), file: "L.txt" })).toThrow(
      `L.txt: line 2, column ${at + 1} (Calendar Month Number): expected a month of the insurance period, 1 to 11, found 12`,
    );
    expect(() => importLgm({ text: [lines[0], lines[2], lines[2]].join("\n"), file: "L.txt" })).toThrow(
      "L.txt: line 3: a second record with line 2's business key (RMA's RY2022 A00600 layout: Reinsurance Year, Commodity Year, Commodity Code, Insurance Plan Code, State Code, County Code, Type Code, Practice Code, Market Symbol Code, Calendar Month Number, Commodity Type Code, Class Code, Sub Class Code, Intended Use Code, Irrigation Practice Code, Cropping Practice Code, Organic Practice Code, Interval Code, Sales Effective Date)",
    );
  });
});

describe("an LGM or A00620 file that breaks its year's RMA layout is refused (file, line, field)", () => {
  const swap = (text: string, a: string, b: string) => {
    const lines = rows(text).map((l) => l.split("|"));
    const [i, j] = [lines[0].indexOf(a), lines[0].indexOf(b)];
    for (const cells of lines) [cells[i], cells[j]] = [cells[j], cells[i]];
    return lines.map((c) => c.join("|")).join("\r\n");
  };
  const setCell = (text: string, line: number, field: string, value: string) => {
    const lines = rows(text).map((l) => l.split("|"));
    lines[line - 1][lines[0].indexOf(field)] = value;
    return lines.map((c) => c.join("|")).join("\r\n");
  };

  it("a header not in the year's field order", () => {
    const text = swap(inLayout("A00600", 2024), "Type Code", "Practice Code");
    expect(() => importLgm({ text, file: "m.txt" })).toThrow(
      'm.txt: line 1: the header is not RMA\'s RY2024 A00600 layout (version 48): column 9 is "Practice Code", the layout has "Type Code"',
    );
    const missing = rows(inLayout("A00610", 2022, 42))
      .map((l) => l.split("|").slice(0, -1).join("|"))
      .join("\r\n");
    expect(() => importLgm({ text: inLayout("A00600", 2022, 41) }, { text: missing, file: "d.txt" })).toThrow(
      'd.txt: line 1: the header is not RMA\'s RY2022 A00610 layout (versions 40, 42): column 36 is missing, the layout has "Filing Date"',
    );
    expect(() =>
      importLrpActualEndingValues(swap(inLayout("A00620", 2024), "End Date", "Type Code"), "a.txt"),
    ).toThrow(
      'a.txt: line 1: the header is not RMA\'s RY2024 A00620 layout (version 48): column 9 is "End Date"',
    );
  });

  it("a number that does not fit the field's format, or a code longer than the field", () => {
    const margins = inLayout("A00600", 2024);
    const at = (field: string) => rows(margins)[0].split("|").indexOf(field) + 1;
    expect(() =>
      importLgm({
        text: setCell(margins, 2, "Month3 Expected Gross Margin Amount", "210.00001"),
        file: "m.txt",
      }),
    ).toThrow(
      `m.txt: line 2, column ${at("Month3 Expected Gross Margin Amount")} (Month3 Expected Gross Margin Amount): 210.00001 does not fit RMA's format S9999.9999 for Month3 Expected Gross Margin Amount`,
    );
    expect(() =>
      importLgm({ text: setCell(margins, 2, "Corn Equivalent Default Value", "-50"), file: "m.txt" }),
    ).toThrow(
      `m.txt: line 2, column ${at("Corn Equivalent Default Value")} (Corn Equivalent Default Value): must not be negative (RMA's format 9999.999999)`,
    );
    expect(() =>
      importLgm({ text: setCell(margins, 3, "Market Symbol Code", "LEANHG"), file: "m.txt" }),
    ).toThrow(
      `m.txt: line 3, column ${at("Market Symbol Code")} (Market Symbol Code): "LEANHG" is longer than RMA's 5 characters for Market Symbol Code`,
    );
    const draws = inLayout("A00610", 2025);
    const drawAt = rows(draws)[0].split("|").indexOf("Live Cattle Month4 Margin Draw Amount") + 1;
    expect(() =>
      importLgm(
        { text: margins },
        { text: setCell(draws, 4, "Live Cattle Month4 Margin Draw Amount", "211.608"), file: "d.txt" },
      ),
    ).toThrow(
      `d.txt: line 4, column ${drawAt} (Live Cattle Month4 Margin Draw Amount): 211.608 does not fit RMA's format S9999.99 for Live Cattle Month4 Margin Draw Amount`,
    );
    const values = inLayout("A00620", 2024);
    expect(importLrpActualEndingValues(values, "a.txt")).toEqual(
      importLrpActualEndingValues(FIXTURE_TEXT.lrpActualEndingValue, "a.txt"),
    );
    expect(() =>
      importLrpActualEndingValues(setCell(values, 2, "Actual Ending Value Amount", "265.1201"), "a.txt"),
    ).toThrow(
      "a.txt: line 2, column 20 (Actual Ending Value Amount): 265.1201 does not fit RMA's format 9999.999",
    );
  });

  it("a record repeated with the same business key (another state's repeat is not one)", () => {
    const draws = rows(inLayout("A00610", 2025));
    expect(() =>
      importLgm(
        { text: inLayout("A00600", 2025) },
        { text: [...draws, draws[5]].join("\r\n"), file: "d.txt" },
      ),
    ).toThrow(
      `d.txt: line ${draws.length + 1}: a second record with line 6's business key (RMA's RY2025 A00610 layout:`,
    );
  });
});
