import type { Hocuspocus } from "@hocuspocus/server";
import type { DocumentWrites, ImportCounts } from "../../shared/book/import/types";
import type { ImportLogEntry } from "../../shared/documents/import-log";
import { now } from "../clock";
import { figureLoaderOf, packFigureMarkets } from "../market/figure-markets";
import type { Issue } from "../routes/route";
import type { Storage } from "../storage/types";
import type { WorkPool } from "../work/pool";
import { loadBook, loggedImport } from "./load";
import { writesAt } from "./plan-task";
import { type WriteRefusal, writeDocument } from "./write";

// The server's book import (docs/book-import.md): the same engine as the screen. The event loop reads the
// organisation's book (load.ts); a work thread parses the body, plans the import over that book and checks
// every document's writes (plan-task.ts, IMPORT1); back on the event loop, an import id used before is
// refused (IMPORT2), the new documents are spent from the organisation's hourly budget before anything is
// written (IMPORT3), then the writes go through the live documents (write.ts) in the order applyPlan
// (shared/book/import/apply.ts) gives them on the device — customer documents, then the book's — each
// document's JSON parsed from the thread's bytes only when it is written, so the loop never holds the
// whole plan as objects; and last the import's entry in the book document (`imports`,
// shared/documents/import-log.ts), which the screen lists and its undo (sync-server/history/import-undo.ts)
// reads. The report stays the thread's JSON bytes, sent as they are (routes.ts).

/** Customer documents written at once. */
const WRITERS = 8;

/** Spends `count` new documents of the organisation's hourly budget, or says why not (IMPORT3). */
export type SpendDocuments = (
  orgId: string,
  count: number,
) => Promise<{ allowed: true } | { allowed: false; limit: number; retryAfterMs: number }>;

export type ImportRun =
  | {
      kind: "done";
      report: Uint8Array;
      dryRun: boolean;
      written: { documents: number; records: number };
    }
  | { kind: "invalid"; issues: Issue[] }
  | { kind: "refused"; report: Uint8Array; refusal: WriteRefusal }
  | { kind: "id-taken"; entry: ImportLogEntry }
  | { kind: "over-budget"; newDocuments: number; limit: number; retryAfterMs: number };

const written = (counts: ImportCounts, action: "create" | "update" | "unchanged") =>
  Object.values(counts).reduce((n, c) => n + c[action], 0);

/** Lets the event loop take other requests and sockets every this many documents written. */
const YIELD_EVERY = 64;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runImport(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  work: WorkPool;
  spendDocuments: SpendDocuments;
  orgId: string;
  userId: string;
  /** The request body as received; handed to the work thread (the caller must not read it after). */
  body: ArrayBuffer;
}): Promise<ImportRun> {
  const { hocuspocus, storage, orgId, userId, body } = options;
  const at = now();
  const book = await loadBook(hocuspocus, storage, orgId);
  const input = { orgId, book, userId, now: at.toISOString() };
  let planned = await options.work.run("bookImportPlan", { body, ...input }, [body]);
  // SCE1: the file's sales days' market, loaded here and judged in the thread before anything is written.
  if (planned.kind === "markets") {
    const loader = figureLoaderOf(hocuspocus);
    const markets = loader
      ? await packFigureMarkets(loader, planned.dates)
      : { snapshots: [], days: {}, fallback: null };
    const again = planned.body.buffer as ArrayBuffer;
    planned = await options.work.run("bookImportPlan", { body: again, ...input, markets }, [again]);
  }
  if (planned.kind === "markets") throw new Error("the import's plan asked for its market twice");
  if (planned.kind !== "planned") return planned;
  const { report, importId } = planned;
  // IMPORT2: an id is the organisation's one import; a second import under it would replace its entry
  // (and take its undo away), so it is refused before anything is planned into the book.
  if (planned.namedId) {
    const entry = await loggedImport(hocuspocus, storage, orgId, importId);
    if (entry) return { kind: "id-taken", entry };
  }
  const documents = planned.writes.ends.length;
  if (planned.dryRun || documents === 0)
    return { kind: "done", report, dryRun: planned.dryRun, written: { documents: 0, records: 0 } };
  if (planned.newDocuments > 0) {
    const spent = await options.spendDocuments(orgId, planned.newDocuments);
    if (!spent.allowed) return { kind: "over-budget", newDocuments: planned.newDocuments, ...spent };
  }
  // Customer documents are independent: WRITERS of them at once (each waits on storage); the book
  // document, whose summaries follow them, after all of them.
  let refusal: WriteRefusal | null = null;
  const running = new Set<Promise<void>>();
  const write = async (writes: DocumentWrites) => {
    // Every document's writes were checked in the work thread, before any was written.
    const found = await writeDocument(hocuspocus, orgId, writes, userId, true);
    refusal ??= found;
  };
  for (let i = 0; i < documents && !refusal; i++) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await nextTurn();
    const writes = writesAt(planned.writes, i);
    if (writes.kind === "book") await Promise.all(running);
    if (refusal) break;
    const task = write(writes).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= WRITERS) await Promise.race(running);
  }
  await Promise.all(running);
  if (refusal) return { kind: "refused", report, refusal };
  const entry: ImportLogEntry = {
    id: importId,
    fileName: planned.fileName,
    source: planned.source,
    at: at.toISOString(),
    by: userId,
    created: written(planned.counts, "create"),
    updated: written(planned.counts, "update"),
    unchanged: written(planned.counts, "unchanged"),
    refused: planned.refusedRows,
    customers: planned.customers,
  };
  const logged = await writeDocument(
    hocuspocus,
    orgId,
    { kind: "book", entries: [{ section: "imports", key: importId, value: entry }] },
    userId,
  );
  if (logged) return { kind: "refused", report, refusal: logged };
  return { kind: "done", report, dryRun: false, written: { documents, records: planned.writes.records } };
}
