import type { ImportLogEntry } from "../../../shared/documents/import-log";

// The record history's words for the book import (docs/book-import.md "History label"): a change that wrote a
// record's `importId` was an import's — "Imported from book.csv by Alex Agent" — and one by the undo of an
// import, "Alex Agent undid the import of book.csv". The server's history rows name the fields a change
// touched (never values) and its author and time by the server's clock; which import it was comes from the
// book document's log of imports (shared/documents/import-log.ts): the latest import by that agent into that
// customer at or before the change (an import made offline reaches the server later than the device's clock
// says, never earlier), or the import that agent undid at that time.

/** How far a device's clock may run ahead of the server's. */
const CLOCK_SKEW_MS = 10 * 60_000;
/** How long after the undo's recorded time its history rows may be written (one batch a second). */
const UNDO_WINDOW_MS = 60_000;

export interface HistoryRow {
  at: string;
  userId: string;
  fields: readonly string[];
}

export type ImportMatch = { kind: "imported" | "undone"; fileName: string } | null;

/** Whether the history row was written by an import or an import's undo, and which file. */
export function importOfRow(
  row: HistoryRow,
  customerId: string,
  imports: readonly ImportLogEntry[],
): ImportMatch {
  if (!row.fields.includes("importId")) return null;
  const at = Date.parse(row.at);
  const undone = imports.find(
    (i) =>
      i.undoneAt !== undefined &&
      i.undoneBy === row.userId &&
      i.customers.includes(customerId) &&
      at >= Date.parse(i.undoneAt) - UNDO_WINDOW_MS &&
      at <= Date.parse(i.undoneAt) + UNDO_WINDOW_MS,
  );
  if (undone) return { kind: "undone", fileName: undone.fileName };
  let best: ImportLogEntry | null = null;
  for (const i of imports) {
    if (i.by !== row.userId || !i.customers.includes(customerId)) continue;
    if (Date.parse(i.at) > at + CLOCK_SKEW_MS) continue;
    if (!best || i.at > best.at) best = i;
  }
  return best ? { kind: "imported", fileName: best.fileName } : null;
}

/** The sentence around the author's name: "Imported from F by NAME", or "NAME undid the import of F". */
export function importWords(match: NonNullable<ImportMatch>): { before: string; after: string } {
  return match.kind === "imported"
    ? { before: `Imported from ${match.fileName} by `, after: "" }
    : { before: "", after: ` undid the import of ${match.fileName}` };
}
