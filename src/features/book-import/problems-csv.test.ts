import { describe, expect, it } from "vitest";
import { RowReader } from "../../../shared/book/import/row-reader";
import { problemsCsv } from "./problems-csv";

describe("problemsCsv", () => {
  it("[CSV1] writes the file's own sheet name and header with the apostrophe the list exports use", () => {
    const sheet = '=HYPERLINK("http://evil.example","Sheet")';
    const header = "@cmd|' /C calc'!A0";
    const row = new RowReader(sheet, 3, new Map([["head", { text: "13000", column: header }]]), true);
    row.refuse("head", "13,000 is over the 12,000 per endorsement limit");
    const lines = problemsCsv({ refused: row.problems }).split("\r\n");
    expect(lines[0]).toBe("Sheet,Line,Column,Problem");
    const cells = lines[1]?.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, "")) ?? [];
    expect(cells[0]).toBe(`"'${sheet.replace(/"/g, '""')}"`);
    expect(cells[1]).toBe("3");
    expect(cells[2]).toBe(`'${header}`);
    expect(cells[3]?.startsWith(`"'=HYPERLINK`)).toBe(true);
  });
});
