import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOOK_HEADERS } from "../../../tests/fixtures/import/book-rows";
import { guessMapping, mappingSchema } from "./mapping";
import { MAX_COLUMNS, parseCsv, SheetError, sheetFromRows } from "./parse";

describe("parseCsv", () => {
  it("reads quoted cells, a BOM and CRLF, and names each row by the line it starts on", () => {
    const text =
      '\uFEFFInsured Name,Address,Head\r\n"Smith, Jo","1 Main St\r\nUnit 2",  50 \r\n\r\nLee,2 Elm,60\r\n';
    expect(parseCsv("a.csv", text)).toEqual({
      name: "a.csv",
      headers: ["Insured Name", "Address", "Head"],
      rows: [
        { line: 2, cells: ["Smith, Jo", "1 Main St\r\nUnit 2", "50"] },
        { line: 5, cells: ["Lee", "2 Elm", "60"] },
      ],
    });
  });

  it("reads semicolon-separated files and pads short rows", () => {
    expect(parseCsv("b.csv", "Name;Head\nA;1\nB;2\n").rows).toEqual([
      { line: 2, cells: ["A", "1"] },
      { line: 3, cells: ["B", "2"] },
    ]);
    expect(parseCsv("c.csv", "Name,Head,Type\nA,1\n").rows).toEqual([{ line: 2, cells: ["A", "1", ""] }]);
  });

  it("skips a title above the headers", () => {
    expect(
      sheetFromRows(
        "s",
        [["Export of 2026-11-20"], [], ["Name", "Head", "Type"], ["A", "1", "809"]],
        (i) => i + 1,
      ),
    ).toEqual({
      name: "s",
      headers: ["Name", "Head", "Type"],
      rows: [{ line: 4, cells: ["A", "1", "809"] }],
    });
  });

  it("refuses a sheet wider than an import reads, saying so", () => {
    const wide = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`);
    expect(() => sheetFromRows("w", [wide])).toThrow(SheetError);
  });

  it("[property] never throws anything but a SheetError, and keeps every non-empty row once", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        try {
          const sheet = parseCsv("p.csv", text);
          for (const row of sheet.rows) {
            expect(row.cells).toHaveLength(sheet.headers.length);
            expect(row.line).toBeGreaterThanOrEqual(1);
          }
          const lines = sheet.rows.map((r) => r.line);
          expect(new Set(lines).size).toBe(lines.length);
        } catch (error) {
          expect(error).toBeInstanceOf(SheetError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("guessMapping", () => {
  it("maps agencies' and AIP exports' headers to fields", () => {
    expect(
      guessMapping([
        "Insured Name",
        "SSN/EIN",
        "Policy #",
        "Head",
        "Target Wt",
        "Coverage Price",
        "End Date",
        "Notes",
      ]).columns,
    ).toEqual({
      "Insured Name": "customerName",
      "SSN/EIN": "taxId",
      "Policy #": "policyNumber",
      Head: "head",
      "Target Wt": "targetWeightCwt",
      "Coverage Price": "coveragePrice",
      "End Date": "endDate",
    });
  });

  it("[property] any headers give a valid mapping that fills no field twice", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.constantFrom(...BOOK_HEADERS, "head", "HEAD", "__proto__", "constructor"),
          ),
          { maxLength: 40 },
        ),
        (headers) => {
          const mapping = guessMapping(headers);
          expect(mappingSchema.safeParse(mapping).success).toBe(true);
          const fields = Object.values(mapping.columns);
          expect(new Set(fields).size).toBe(fields.length);
        },
      ),
    );
  });
});
