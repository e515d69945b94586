import { describe, expect, it } from "vitest";
import type { ImportFieldId } from "./fields";
import { mergeMonthRows, type SheetEntry } from "./merge-months";
import type { Cell } from "./row-reader";

const entry = (line: number, cells: Partial<Record<ImportFieldId, string>>): SheetEntry => ({
  line,
  cells: new Map(Object.entries(cells).map(([f, text]) => [f as ImportFieldId, { text, column: f } as Cell])),
});

describe("[READ1] month rows of one endorsement, however its cells are written", () => {
  it("groups 03/09/2026 with Mar 9, 2026 and Swine with 0815", () => {
    const rows = [
      entry(2, {
        policyNumber: "LGM-1",
        commodity: "Swine",
        type: "804",
        salesDate: "03/09/2026",
        marketingMonth: "Apr",
        head: "100",
      }),
      entry(3, {
        policyNumber: "LGM-1",
        commodity: "0815",
        type: "804",
        salesDate: "Mar 9, 2026",
        marketingMonth: "May",
        head: "120",
      }),
      entry(4, {
        policyNumber: "LGM-1",
        commodity: "0815",
        type: "804",
        salesDate: "2026-04-09",
        marketingMonth: "May",
        head: "90",
      }),
    ];
    const merged = mergeMonthRows("lgm.csv", rows, false);
    expect(merged[1]?.mergedInto).toBe(2);
    expect(merged[2]?.mergedInto).toBeUndefined();
    expect(merged[0]?.cells.get("marketingsMay")?.text).toBe("120");
    expect(merged[0]?.problems).toBeUndefined();
  });
});
