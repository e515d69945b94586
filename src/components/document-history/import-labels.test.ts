import { describe, expect, it } from "vitest";
import type { ImportLogEntry } from "../../../shared/documents/import-log";
import { importOfRow, importWords } from "./import-labels";

const entry = (fields: Partial<ImportLogEntry>): ImportLogEntry => ({
  id: "imp-1",
  fileName: "book.csv",
  source: "src-0000000000000000",
  at: "2026-11-18T18:00:00.000Z",
  by: "auth0|alex",
  created: 3,
  updated: 0,
  unchanged: 0,
  refused: 0,
  customers: ["c-1"],
  ...fields,
});
const row = (at: string, fields = ["name", "importId"], userId = "auth0|alex") => ({ at, userId, fields });

describe("record history: the book import's words", () => {
  it("a change that wrote importId is the latest import by that agent into that customer", () => {
    const imports = [
      entry({}),
      entry({ id: "imp-2", fileName: "december.csv", at: "2026-12-01T09:00:00.000Z" }),
      entry({ id: "imp-3", fileName: "other.csv", customers: ["c-2"], at: "2026-11-19T09:00:00.000Z" }),
    ];
    expect(importOfRow(row("2026-11-18T18:00:01.000Z"), "c-1", imports)).toEqual({
      kind: "imported",
      fileName: "book.csv",
    });
    // Made offline: the server received it a day after the device's time.
    expect(importOfRow(row("2026-11-19T12:00:00.000Z"), "c-1", imports)?.fileName).toBe("book.csv");
    expect(importOfRow(row("2026-12-01T09:00:02.000Z"), "c-1", imports)?.fileName).toBe("december.csv");
  });

  it("a typed change, or one by someone else, is no import's", () => {
    expect(importOfRow(row("2026-11-18T18:00:01.000Z", ["name"]), "c-1", [entry({})])).toBeNull();
    expect(
      importOfRow(row("2026-11-18T18:00:01.000Z", undefined, "auth0|jo"), "c-1", [entry({})]),
    ).toBeNull();
    expect(importOfRow(row("2026-11-18T17:00:00.000Z"), "c-1", [entry({})])).toBeNull();
  });

  it("the undo's change names the undo", () => {
    const undone = entry({ undoneAt: "2026-11-18T19:00:00.000Z", undoneBy: "auth0|jo" });
    expect(importOfRow(row("2026-11-18T19:00:00.500Z", undefined, "auth0|jo"), "c-1", [undone])).toEqual({
      kind: "undone",
      fileName: "book.csv",
    });
  });

  it("words around the author's name", () => {
    expect(importWords({ kind: "imported", fileName: "book.csv" })).toEqual({
      before: "Imported from book.csv by ",
      after: "",
    });
    expect(importWords({ kind: "undone", fileName: "book.csv" }).after).toBe(" undid the import of book.csv");
  });
});
