import { describe, expect, it } from "vitest";
import { nothingToWrite, recordTotals } from "../../../shared/book/import/report-summary";
import type { ImportPlan, ImportReport } from "../../../shared/book/import/types";
import { importLogEntrySchema } from "../../../shared/documents/import-log";
import { importFileName, importLogEntry } from "./import-summary";
import { appliesOnServer, DEVICE_NEW_CUSTOMERS, offlineNote } from "./server-apply";
import { undoSentence } from "./undo-api";

const counts = (create: number, update = 0, unchanged = 0) => ({ create, update, unchanged });
const report = (customers: number): ImportReport => ({
  importId: "01JIMPORT",
  fileName: "book.csv",
  rows: {
    total: 4,
    written: 2,
    unchanged: 1,
    refused: 1,
    needsConfirmation: 0,
    empty: 0,
    held: 0,
    skipped: 0,
  },
  counts: { customer: counts(customers), entity: counts(2, 1), policy: counts(2), coverage: counts(2, 0, 3) },
  refused: [],
  confirmations: [],
  held: [],
  skipped: [],
  outcomes: [],
});

describe("the import screen's summary", () => {
  it("sums the records by what the import does to them", () => {
    expect(recordTotals(report(2))).toEqual({ create: 8, update: 1, unchanged: 3 });
  });

  it("names an import by its file or files, within the log's 255 characters", () => {
    expect(importFileName([{ name: "a.csv" }, { name: "b.xlsx" }])).toBe("a.csv, b.xlsx");
    expect(importFileName([{ name: "x".repeat(300) }])).toHaveLength(255);
  });

  it("the log entry names the customers the plan writes, once each, and fits the book document's shape", () => {
    const plan: ImportPlan = {
      report: report(2),
      writes: [
        { kind: "customer", customerId: "c-1", entries: [] },
        { kind: "customerInternal", customerId: "c-1", entries: [] },
        { kind: "customer", customerId: "c-2", entries: [] },
        { kind: "book", entries: [] },
      ],
    };
    const entry = importLogEntry(plan, {
      source: "src-0123456789abcdef",
      at: "2026-11-18T18:00:00.000Z",
      by: "u-1",
    });
    expect(entry).toMatchObject({ id: "01JIMPORT", created: 8, updated: 1, unchanged: 3, refused: 1 });
    expect(entry.customers).toEqual(["c-1", "c-2"]);
    expect(importLogEntrySchema.safeParse(entry).success).toBe(true);
  });

  it("a large import goes through the server when online; offline, the agent is told how long it takes", () => {
    const small = report(DEVICE_NEW_CUSTOMERS);
    const large = report(DEVICE_NEW_CUSTOMERS + 250);
    expect(appliesOnServer(small, true)).toBe(false);
    expect(appliesOnServer(large, true)).toBe(true);
    expect(appliesOnServer(large, false)).toBe(false);
    expect(offlineNote(small, false)).toBeNull();
    expect(offlineNote(large, true)).toBeNull();
    expect(offlineNote(large, false)).toContain("about 3 hours");
  });

  it("the undo's confirmation says only what it does", () => {
    const base = { importId: "i", fileName: "book.csv", documents: 2, changedSince: 0 };
    expect(undoSentence({ ...base, removed: 8, restored: 0 })).toBe(
      "Undoing book.csv removes 8 records it created.",
    );
    expect(undoSentence({ ...base, removed: 1, restored: 2, changedSince: 1 })).toBe(
      "Undoing book.csv removes 1 record it created and gives 2 records it updated back their earlier values. 1 of these records was changed after the import: those changes are taken back too (the history keeps them).",
    );
    expect(undoSentence({ ...base, removed: 0, restored: 0 })).toContain(
      "Nothing of book.csv is left to undo",
    );
  });
});

describe("[GROUP1] the dry run's sentence when nothing is written", () => {
  const base = report(0);
  const none = {
    ...base,
    counts: { ...base.counts, entity: counts(0), policy: counts(0), coverage: counts(0) },
  };
  it("never says 'already in the book' when every row was refused or nothing was read", () => {
    const refused = { ...none, rows: { ...none.rows, total: 59, written: 0, unchanged: 0, refused: 59 } };
    expect(nothingToWrite(refused)).toBe(
      "Nothing can be written yet: 59 of 59 rows are refused. Fix the problems above and check again.",
    );
    const empty = {
      ...none,
      rows: { ...none.rows, total: 2, written: 0, unchanged: 0, refused: 0, skipped: 2 },
    };
    expect(nothingToWrite(empty)).toMatch(/^Nothing to write: the file holds no rows of records/);
    const same = { ...none, rows: { ...none.rows, total: 4, written: 0, unchanged: 4, refused: 0 } };
    expect(nothingToWrite(same)).toBe(
      "Nothing to write: every record in the file is already in the book as it is.",
    );
    expect(nothingToWrite({ ...same, rows: { ...same.rows, held: 1 } })).toBeNull();
  });
});
