import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFile } from "../../../shared/book/import/parse-xlsx";
import { BOOK_HEADERS, bookRows } from "../../fixtures/import/book-rows";

// docs/book-import.md: the committed fixture files (scripts/import-fixtures.ts) read by the import's parser —
// the XLSX workbook (a title row, date and number cells, an empty second worksheet) gives the CSV's rows.

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/import/${name}`, import.meta.url));

describe("parseFile", () => {
  it("reads the XLSX fixture as the CSV fixture: dates as ISO dates, numbers as typed, the worksheet's row numbers", async () => {
    const [xlsx, notes] = await parseFile("book.xlsx", fixture("book.xlsx"));
    const [csv] = await parseFile("book.csv", fixture("book.csv"));
    expect(xlsx?.headers).toEqual([...BOOK_HEADERS]);
    expect(notes).toEqual({ name: "Notes", headers: [], rows: [] });
    expect(xlsx?.rows[0]?.line).toBe(3);
    expect(csv?.rows[0]?.line).toBe(2);
    const normalise = (cells: string[]) => cells.map((c) => (/^\d+\.\d*0$/.test(c) ? String(Number(c)) : c));
    expect(xlsx?.rows.map((r) => r.cells)).toEqual(csv?.rows.map((r) => normalise(r.cells)));
    expect(xlsx?.rows[0]?.cells).toEqual(normalise(bookRows(1, 3)[0] as string[]));
  });

  it("refuses what is not a spreadsheet, saying what to do", async () => {
    await expect(parseFile("book.xlsx", new TextEncoder().encode("not a zip"))).rejects.toThrow(
      "the file is not an XLSX workbook that can be read (save it again as .xlsx or .csv)",
    );
    await expect(parseFile("book.pdf", new Uint8Array())).rejects.toThrow(
      "book.pdf: choose a .csv or .xlsx file",
    );
  });
});
