import { randomUUID } from "node:crypto";
import type { Hocuspocus } from "@hocuspocus/server";
import { applyPlan } from "../../shared/book/import/apply";
import { planImport } from "../../shared/book/import/plan";
import type { ImportRequest } from "../../shared/book/import/request";
import type { DocumentWrites, ImportReport } from "../../shared/book/import/types";
import { type ImportLogEntry, sourceKey } from "../../shared/documents/import-log";
import { now } from "../clock";
import type { Storage } from "../storage/types";
import { loadBook } from "./load";
import { issuesOf, nameOf, type WriteRefusal, writeDocument } from "./write";

// The server's book import (docs/book-import.md): the same engine as the screen — planImport over the
// organisation's book, then, unless it is a dry run, applyPlan through the live documents
// (write.ts), and the import's entry in the book document (`imports`, shared/documents/import-log.ts)
// so the screen lists it and its undo (sync-server/history/import-undo.ts) finds what it wrote.

/** Customer documents written at once. */
const WRITERS = 8;

export type ImportRun =
  | { ok: true; report: ImportReport; dryRun: boolean; written: { documents: number; records: number } }
  | { ok: false; report: ImportReport; refusal: WriteRefusal };

const written = (report: ImportReport, action: "create" | "update" | "unchanged") =>
  Object.values(report.counts).reduce((n, c) => n + c[action], 0);

export async function runImport(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  orgId: string;
  userId: string;
  request: ImportRequest;
}): Promise<ImportRun> {
  const { hocuspocus, storage, orgId, userId, request } = options;
  const at = now();
  const importId = request.importId ?? `imp-${randomUUID()}`;
  const book = await loadBook(hocuspocus, storage, orgId);
  const plan = planImport({
    sheets: request.sheets,
    mapping: request.mapping,
    book,
    context: {
      importId,
      fileName: request.fileName,
      userId,
      now: at,
      newId: () => randomUUID(),
      ...(request.confirmedLines ? { confirmedLines: request.confirmedLines } : {}),
    },
  });
  const { report } = plan;
  if (request.dryRun || plan.writes.length === 0)
    return { ok: true, report, dryRun: request.dryRun, written: { documents: 0, records: 0 } };
  // Every document's writes are checked before any is written: a refusal leaves the book as it was.
  const profiles = new Map(book.map((c) => [c.customerId, (c.profile ?? {}) as Record<string, unknown>]));
  for (const writes of plan.writes) {
    const issues = issuesOf(writes, (section) =>
      section === "profile" && writes.customerId ? (profiles.get(writes.customerId) ?? {}) : {},
    );
    if (issues.length > 0) return { ok: false, report, refusal: { document: nameOf(orgId, writes), issues } };
  }
  // Customer documents are independent: WRITERS of them at once (each waits on storage); the book
  // document, whose summaries follow them, after all of them.
  let refusal: WriteRefusal | null = null;
  const running = new Set<Promise<void>>();
  const write = async (writes: DocumentWrites) => {
    // Every document's writes were checked above, before any was written.
    const found = await writeDocument(hocuspocus, orgId, writes, userId, true);
    refusal ??= found;
  };
  const result = await applyPlan(plan, async (writes) => {
    if (writes.kind === "book") await Promise.all(running);
    if (refusal) return;
    const task = write(writes).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= WRITERS) await Promise.race(running);
  });
  await Promise.all(running);
  if (refusal) return { ok: false, report, refusal };
  const entry: ImportLogEntry = {
    id: importId,
    fileName: request.fileName,
    source: sourceKey(request.sheets[0]?.headers ?? []),
    at: at.toISOString(),
    by: userId,
    created: written(report, "create"),
    updated: written(report, "update"),
    unchanged: written(report, "unchanged"),
    refused: report.rows.refused,
    customers: [...new Set(plan.writes.flatMap((w) => (w.customerId ? [w.customerId] : [])))],
  };
  const logged = await writeDocument(
    hocuspocus,
    orgId,
    { kind: "book", entries: [{ section: "imports", key: importId, value: entry }] },
    userId,
  );
  if (logged) return { ok: false, report, refusal: logged };
  return { ok: true, report, dryRun: false, written: result };
}
