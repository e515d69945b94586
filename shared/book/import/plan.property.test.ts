import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyToBook } from "../../../tests/fixtures/import/apply-json";
import { BOOK_HEADERS, bookRows } from "../../../tests/fixtures/import/book-rows";
import { IMPORT_FIELD_IDS } from "./fields";
import { guessMapping, type Mapping } from "./mapping";
import { planImport } from "./plan";
import type { Sheet } from "./types";

// What a client can send the import (a file's cells, a mapping, confirmed lines), hostile or broken:
// the planner never throws, accounts for every row, says where each refusal is, never echoes a tax id
// into its report, and what it plans passes the schemas (re-planning its own result changes nothing).

const real = bookRows(6, 3);
const cellPool = fc.oneof(
  fc.constantFrom(...real.flat()),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    "",
    "13,000",
    "-5",
    "1e9",
    "NaN",
    "0",
    "99999999999",
    "2026-02-30",
    "12/31/1999",
    "46000",
    "0801",
    "0815",
    "803",
    "lgm",
    "SSN",
    "EIN",
    "C",
    "I",
    "__proto__",
    "constructor",
    "toString",
    "000-00-0000",
    "12-3456789",
    "$1,234.56",
    "85%",
    "150",
    "Neither",
  ),
);
const NOW = new Date("2026-11-27T15:00:00Z");

const sheetArb = fc
  .tuple(
    fc.shuffledSubarray([...BOOK_HEADERS], { minLength: 1 }),
    fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
  )
  .chain(([known, extra]) => {
    const headers = [...known, ...extra];
    return fc.record({
      headers: fc.constant(headers),
      rows: fc.array(fc.array(cellPool, { minLength: headers.length, maxLength: headers.length }), {
        maxLength: 12,
      }),
    });
  });

const mappingArb = (headers: string[]): fc.Arbitrary<Mapping> =>
  fc.oneof(
    fc.constant(guessMapping(headers)),
    fc.record({
      version: fc.constant(1 as const),
      columns: fc.dictionary(fc.constantFrom(...headers), fc.constantFrom(...IMPORT_FIELD_IDS)),
      defaults: fc.dictionary(fc.constantFrom(...IMPORT_FIELD_IDS), cellPool, { maxKeys: 3 }),
    }),
  );

describe("planImport with what a client can send [property]", () => {
  it("never throws, accounts for every row, names each refusal's row, never echoes a tax id", () => {
    fc.assert(
      fc.property(
        sheetArb.chain((s) =>
          fc.tuple(
            fc.constant(s),
            mappingArb(s.headers),
            fc.array(fc.integer({ min: 1, max: 20 }), { maxLength: 3 }),
          ),
        ),
        ([{ headers, rows }, mapping, confirmedLines]) => {
          const sheet: Sheet = {
            name: "p.csv",
            headers,
            rows: rows.map((cells, i) => ({ line: i + 2, cells })),
          };
          let n = 0;
          const context = {
            importId: "P1",
            fileName: "p.csv",
            userId: "agent-1",
            now: NOW,
            newId: () => `N${n++}`,
            confirmedLines,
          };
          const { report, writes } = planImport({ sheets: [sheet], mapping, book: [], context });
          expect(report.rows.total).toBe(rows.length);
          const r = report.rows;
          expect(r.written + r.unchanged + r.refused + r.needsConfirmation + r.empty).toBe(rows.length);
          for (const problem of report.refused)
            expect(problem.message).toMatch(new RegExp(`^row ${problem.line}\\b`));
          const json = JSON.stringify(report);
          for (const cells of rows)
            for (const cell of cells) {
              const digits = cell.replace(/[\s-]/g, "");
              if (/^\d{9}$/.test(digits) && /-/.test(cell)) expect(json).not.toContain(digits);
            }
          // What was planned is a book the same file plans nothing new against.
          const again = planImport({
            sheets: [sheet],
            mapping,
            book: applyToBook([], writes),
            context: { ...context, importId: "P2" },
          });
          expect(
            again.report.counts.customer.create +
              again.report.counts.entity.create +
              again.report.counts.coverage.create,
          ).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });
});
