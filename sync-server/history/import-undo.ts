import type { Hocuspocus } from "@hocuspocus/server";
import * as Y from "yjs";
import { type ImportLogEntry, importLogEntrySchema } from "../../shared/documents/import-log";
import { type DocumentRef, documentName, parseDocumentName } from "../../shared/documents/names";
import { type DocumentIssue, isRecordSection, sectionsOf } from "../../shared/documents/shapes";
import { now } from "../clock";
import type { HistoryEntry, Storage } from "../storage/types";
import { historyEntry } from "../sync/history";
import { documentBase } from "./past-state";
import { type RecordRestore, restoreRecords } from "./restore";

// Undo of one book import as a whole (docs/book-import.md "Undo"), with the history and restore of
// HIST1/HIST2. Every record an import writes carries its id (`importId`); the import's entry in the book
// document (`imports`, shared/documents/import-log.ts) names the customers it wrote. For each of their
// documents the server replays the history it received, finds for each record still carrying the import's id
// the update that first gave it that id — by the server's clock, so an import made offline and sent later is
// found the same way — and gives the record back the value it had just before (none: a record the import
// created is removed). Every document is checked first; when one would fail its schema nothing is written.
// Then each document gets one update, attributed to the agent who undid (the history keeps everything), the
// book index follows (restore.ts), and the entry is marked undone.

/** The sections of a document an import writes records in: all but the schema version and the claims. */
const importSections = (ref: DocumentRef) =>
  sectionsOf(ref.kind).filter((s) => s !== "meta" && s !== "claims" && s !== "applications");

const plain = (value: unknown): unknown => (value instanceof Y.AbstractType ? value.toJSON() : value);
const importIdOf = (value: unknown): unknown => (plain(value) as { importId?: unknown } | null)?.importId;
const recordId = (section: string, key: string | null) => `${section}\u0000${key ?? ""}`;

/** Whether `bytes` hold `part` anywhere. */
function holds(bytes: Uint8Array, part: Uint8Array): boolean {
  const first = part[0];
  if (first === undefined) return false;
  for (
    let i = bytes.indexOf(first);
    i !== -1 && i <= bytes.length - part.length;
    i = bytes.indexOf(first, i + 1)
  ) {
    let j = 1;
    while (j < part.length && bytes[i + j] === part[j]) j++;
    if (j === part.length) return true;
  }
  return false;
}

const IMPORT_ID_KEY = new TextEncoder().encode("importId");

/** The import ids an update writes (a record's `importId`): none for an update by hand. */
export function importIdsIn(update: Uint8Array): string[] {
  if (!holds(update, IMPORT_ID_KEY)) return [];
  const ids = new Set<string>();
  for (const struct of Y.decodeUpdate(update).structs)
    if (struct instanceof Y.Item && struct.parentSub === "importId") {
      const [value] = struct.content.getContent();
      if (typeof value === "string") ids.add(value);
    }
  return [...ids];
}

/**
 * The book's log of imports of `orgId` by id (the file of each), read from the live book document when
 * open, else as stored: the document history names an import's changes by their file with it.
 */
export async function importFiles(
  hocuspocus: Hocuspocus | undefined,
  storage: Storage,
  orgId: string,
): Promise<Map<string, string>> {
  const name = documentName.book(orgId);
  let doc = hocuspocus?.documents.get(name) as Y.Doc | undefined;
  if (!doc) {
    const stored = await storage.loadDocument(name);
    doc = new Y.Doc();
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const u of stored.updates) Y.applyUpdate(doc, u.update);
  }
  const files = new Map<string, string>();
  for (const [id, value] of doc.getMap("imports")) {
    const entry = importLogEntrySchema.safeParse(plain(value));
    if (entry.success) files.set(id, entry.data.fileName);
  }
  return files;
}

/** What the undo does to one document's records. */
export interface DocumentUndo {
  ref: DocumentRef;
  records: RecordRestore[];
  /** Each record's value now (before the undo), for the record history's row. */
  current: unknown[];
  /** Of these, records someone changed after the import wrote them (the undo takes that back too). */
  changedSince: number;
}

/**
 * The records of `name` that carry `importId` now, each with its value just before the update that
 * first gave it that id (read from the document's history: base, then every update in the order received).
 */
export async function undoOfDocument(
  storage: Storage,
  name: string,
  importId: string,
): Promise<DocumentUndo> {
  const ref = parseDocumentName(name);
  if (!ref) throw new Error(`${name} is no document name`);
  const { base, updates } = await documentBase(storage, name);
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, base);
  const sections = importSections(ref);
  const readRecord = (section: string, key: string | null) =>
    key === null ? plain(doc.getMap(section)) : plain(doc.getMap(section).get(key));
  // Which records each update touches (the record sections by key, the others whole).
  let touched = new Map<string, { section: string; key: string | null }>();
  for (const section of sections) {
    const record = isRecordSection(ref.kind, section);
    doc.getMap(section).observeDeep((events) => {
      for (const event of events) {
        if (!record) touched.set(recordId(section, null), { section, key: null });
        else if (event.path.length > 0) {
          const key = String(event.path[0]);
          touched.set(recordId(section, key), { section, key });
        } else
          for (const key of event.changes.keys.keys()) touched.set(recordId(section, key), { section, key });
      }
    });
  }
  // Per record: its value before the import first wrote it, and whether it changed afterwards.
  const found = new Map<string, { section: string; key: string | null; before: unknown; later: boolean }>();
  const marker = new TextEncoder().encode(importId);
  for (const { update } of updates) {
    // An update that gives a record the import's id holds the id's text (Yjs writes strings as UTF-8):
    // only then is the state before it kept, to read the records' earlier values from.
    const beforeUpdate = holds(update, marker) ? Y.encodeStateAsUpdate(doc) : null;
    touched = new Map();
    Y.applyUpdate(doc, update);
    let previous: Y.Doc | null = null;
    for (const [id, { section, key }] of touched) {
      const known = found.get(id);
      if (known) {
        known.later = true;
        continue;
      }
      if (!beforeUpdate || importIdOf(readRecord(section, key)) !== importId) continue;
      if (!previous) {
        previous = new Y.Doc();
        Y.applyUpdate(previous, beforeUpdate);
      }
      const map = previous.getMap(section);
      const before = key === null ? (map.size > 0 ? plain(map) : undefined) : plain(map.get(key));
      found.set(id, { section, key, before, later: false });
    }
  }
  const records: RecordRestore[] = [];
  const current: unknown[] = [];
  let changedSince = 0;
  for (const { section, key, before, later } of found.values()) {
    const now = readRecord(section, key);
    // A later import wrote the record since: it is that import's now, not this one's to undo.
    if (importIdOf(now) !== importId) continue;
    records.push({ section, key, value: before as Record<string, unknown> | undefined });
    current.push(now);
    if (later) changedSince++;
  }
  return { ref, records, current, changedSince };
}

/** The record history's rows of an undo: a record removed, or changed back (the fields that differ). */
function historyRows({ ref, records, current }: DocumentUndo, userId: string): HistoryEntry[] {
  const at = now().getTime();
  return records
    .map((r, i) => {
      const recordKey =
        r.key ?? (r.section === "profile" && "customerId" in ref ? ref.customerId : r.section);
      return historyEntry(
        ref.name,
        { userId, at },
        {
          section: r.section,
          recordKey,
          before: current[i],
          after: r.value,
        },
      );
    })
    .filter((row) => row.action !== "changed" || row.fields.length > 0);
}

export interface ImportUndoReport {
  importId: string;
  fileName: string;
  /** Records the import created, removed; records it updated, given back their earlier values. */
  removed: number;
  restored: number;
  /** Records changed by someone after the import: the undo takes those changes back too (kept in the history). */
  changedSince: number;
  documents: number;
  undoneAt?: string;
}

export type ImportUndoResult =
  | { ok: true; report: ImportUndoReport }
  | { ok: false; error: "unknown-import"; message: string }
  | { ok: false; error: "already-undone"; message: string }
  | { ok: false; error: "invalid-document"; document: string; issues: DocumentIssue[] };

/** The import's entry in the book document, as stored (null: none, or not an entry). */
async function readEntry(hocuspocus: Hocuspocus, orgId: string, importId: string) {
  const direct = await hocuspocus.openDirectConnection(documentName.book(orgId), { server: true });
  try {
    const parsed = importLogEntrySchema.safeParse(plain(direct.document?.getMap("imports").get(importId)));
    return parsed.success ? parsed.data : null;
  } finally {
    await direct.disconnect();
  }
}

/** Marks the entry undone (by the agent, at the server's time), in the live book document. */
async function markUndone(hocuspocus: Hocuspocus, orgId: string, entry: ImportLogEntry, userId: string) {
  const marked = importLogEntrySchema.parse({ ...entry, undoneAt: now().toISOString(), undoneBy: userId });
  const direct = await hocuspocus.openDirectConnection(documentName.book(orgId), { server: true });
  try {
    await direct.transact((book) => book.getMap("imports").set(entry.id, marked));
  } finally {
    await direct.disconnect();
  }
  return marked;
}

/**
 * Undoes the import `importId` of `orgId` as the agent `userId`; with `dryRun`, says what it would do
 * (and whether it can) without writing.
 */
export async function undoImport(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  orgId: string;
  importId: string;
  userId: string;
  dryRun?: boolean;
}): Promise<ImportUndoResult> {
  const { hocuspocus, storage, orgId, importId, userId } = options;
  const entry = await readEntry(hocuspocus, orgId, importId);
  if (!entry)
    return { ok: false, error: "unknown-import", message: `No import ${importId} in the book of ${orgId}.` };
  if (entry.undoneAt)
    return {
      ok: false,
      error: "already-undone",
      message: `${entry.fileName} was undone at ${entry.undoneAt}.`,
    };
  const names = entry.customers.flatMap((id) => [
    documentName.customer(orgId, id),
    documentName.customerInternal(orgId, id),
  ]);
  const undos: DocumentUndo[] = [];
  for (const name of names) {
    const undo = await undoOfDocument(storage, name, importId);
    if (undo.records.length > 0) undos.push(undo);
  }
  const report: ImportUndoReport = {
    importId,
    fileName: entry.fileName,
    removed: 0,
    restored: 0,
    changedSince: 0,
    documents: undos.length,
  };
  for (const { ref, records, changedSince } of undos) {
    // The internal document's tax ids go with their entity: counted with the customer document's records.
    if (ref.kind === "customer")
      for (const r of records) r.value === undefined ? report.removed++ : report.restored++;
    report.changedSince += changedSince;
  }
  // Every document is checked before any is written: an undo is done whole or not at all.
  for (const { ref, records } of undos) {
    const checked = await restoreRecords({ hocuspocus, storage, ref, userId, dryRun: true }, records);
    if (!checked.ok && checked.error === "invalid-document")
      return { ok: false, error: "invalid-document", document: ref.name, issues: checked.issues };
  }
  if (options.dryRun) return { ok: true, report };
  const rows: HistoryEntry[] = [];
  for (const undo of undos) {
    const done = await restoreRecords({ hocuspocus, storage, ref: undo.ref, userId }, undo.records);
    if (!done.ok && done.error === "invalid-document")
      return { ok: false, error: "invalid-document", document: undo.ref.name, issues: done.issues };
    rows.push(...historyRows(undo, userId));
  }
  // The record history (AUDIT1) shows the undo like any change: by the agent, at the server's time.
  await storage.history.appendHistory(rows);
  const marked = await markUndone(hocuspocus, orgId, entry, userId);
  return { ok: true, report: { ...report, undoneAt: marked.undoneAt } };
}
