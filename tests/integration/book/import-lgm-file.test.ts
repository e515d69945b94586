import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseFile } from "../../../shared/book/import/parse-xlsx";
import { planImport } from "../../../shared/book/import/plan";
import { LGM_HEADERS } from "../../fixtures/import/book-rows";

// The LGM fixture file (scripts/import-fixtures.ts; docs/book-import.md §LGM) read, mapped from its
// headers and planned: one endorsement created, the other refused at its first month's column.

describe("an LGM sheet", () => {
  it("maps every column from its header and plans one endorsement, refusing the other with line and column", async () => {
    const file = readFileSync(new URL("../../fixtures/import/lgm.csv", import.meta.url));
    const [sheet] = await parseFile("lgm.csv", file);
    if (!sheet) throw new Error("no sheet");
    const mapping = guessMapping(sheet.headers);
    expect(Object.keys(mapping.columns)).toEqual([...LGM_HEADERS]);
    let n = 0;
    const { report } = planImport({
      sheets: [sheet],
      mapping,
      book: [],
      context: {
        importId: "IMPORT1",
        fileName: "lgm.csv",
        userId: "agent-1",
        now: new Date("2026-11-27T15:00:00Z"),
        newId: () => `R${n++}`,
      },
    });
    expect(report.counts.coverage.create).toBe(1);
    expect(report.refused).toEqual([
      {
        sheet: "lgm.csv",
        line: 3,
        column: "Apr Marketings",
        field: "marketingsApr",
        message: "row 3, Apr Marketings: the first month of the insurance period cannot carry marketings",
        value: "10",
      },
    ]);
  });
});
