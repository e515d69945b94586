import type { Extension } from "@hocuspocus/server";
import * as Y from "yjs";
import type { DocumentKind, DocumentRef } from "../../shared/documents/names";
import { isRecordSection } from "../../shared/documents/shapes";
import type { HistoryEntry, Storage } from "../storage/types";
import type { ChangedPath } from "./candidate";
import type { EntryScan } from "./entry-scan";

// The record history (docs/agent-book.md, rule AUDIT1): who changed which field of which record, and when,
// taken from what the server knows — the verified identity of the connection and the server's clock —
// never from what a client writes about itself (`updatedBy`). The write guard, which already reads
// what an update touches, notes the changed records; once the update is in the log, the write path
// queues them here, and about once a second they are compared (field paths, never values) and written to
// the `record_history` table in one batch, off the acknowledgement path. A crash of the process loses
// at most that last second of history rows (the edits themselves are in the log, STORE1).

/** Document kinds whose records have a history: the customer document, its internal document, claims. */
const HISTORY_KINDS: ReadonlySet<DocumentKind> = new Set(["customer", "customerInternal", "claim"]);

/** Fields every write stamps: listed only when nothing else changed. */
const STAMP_FIELDS = new Set(["updatedAt", "updatedBy"]);

/** How deep field paths go into a record ("sbis.s1.sharePercent"); deeper changes name their parent. */
const MAX_DEPTH = 4;
/** At most this many field paths per row. */
const MAX_FIELDS = 50;
const FLUSH_EVERY_MS = 1000;
/** Writes kept while the database refuses the rows (then the oldest are dropped, and logged). */
const MAX_QUEUED = 100_000;

/** A record one accepted write touched: what it held before and after, or the changed field paths. */
export interface RecordChange {
  section: string;
  recordKey: string;
  /** Plain JSON (never a live Yjs type); undefined: absent. */
  before: unknown;
  after: unknown;
  /** The changed paths inside the record when known from nested edits; else compared at flush. */
  fields?: Set<string>;
}

export interface PendingHistory {
  userId: string;
  at: number;
  changes: RecordChange[];
}

export const keepsHistory = (ref: DocumentRef): boolean => HISTORY_KINDS.has(ref.kind);

const plain = (value: unknown): unknown => (value instanceof Y.AbstractType ? value.toJSON() : value);

/** The key a section's history rows carry: the entry's key, or for a one-record section its record id. */
const recordKeyOf = (ref: DocumentRef, section: string, key: string | undefined): string =>
  key ?? (section === "profile" && "customerId" in ref ? ref.customerId : section);

/**
 * Records an update the entry scan accepted (plain values set on, or deleted from, entries of record
 * sections): before is the document's entry, after the last value the update sets (or absent), compared
 * at the flush; field edits of a map entry name the fields whose value they change. Runs before the
 * update is applied.
 */
export function changesFromEntries(
  doc: Y.Doc,
  { sections, patches }: Extract<EntryScan, { kind: "entries" }>,
): RecordChange[] {
  const changes: RecordChange[] = [];
  for (const [section, entries] of sections) {
    const map = doc.share.has(section) ? doc.getMap(section) : null;
    for (const [recordKey, values] of entries) {
      changes.push({ section, recordKey, before: plain(map?.get(recordKey)), after: values.at(-1) });
    }
  }
  // forEach, not for…of: no entry array and result object per record and field, per edit.
  patches.forEach((entries, section) => {
    entries.forEach(({ entry, fields }, recordKey) => {
      const changed: string[] = [];
      fields.forEach((edit, field) => {
        if (edit.deleted) {
          if (entry.has(field)) changed.push(field);
        } else if (!entry.has(field)) changed.push(field);
        else diff(plain(entry.get(field)), edit.value, field, 1, changed);
      });
      changes.push({ section, recordKey, before: true, after: true, fields: new Set(changed) });
    });
  });
  return changes;
}

/**
 * Records an update the guard applied to a copy: a record set or deleted whole is compared at the
 * flush (before from the document, after from the copy); a change inside a record names its path.
 */
export function changesFromCopy(
  ref: DocumentRef,
  doc: Y.Doc,
  shadow: Y.Doc,
  paths: readonly ChangedPath[],
): RecordChange[] {
  const byRecord = new Map<string, RecordChange>();
  for (const { section, path } of paths) {
    const record = isRecordSection(ref.kind, section);
    const first = path[0];
    if (record && typeof first !== "string") continue; // list content where a record section holds none
    const entryKey = record ? (first as string) : undefined;
    const recordKey = recordKeyOf(ref, section, entryKey);
    const id = `${section}\u0000${recordKey}`;
    let change = byRecord.get(id);
    const inside = (record ? path.slice(1) : path).map((k) => k ?? "[]");
    if (record && inside.length === 0) {
      // The entry itself was set or deleted: compared whole at the flush.
      const entry = (d: Y.Doc) => (d.share.has(section) ? d.getMap(section).get(recordKey) : undefined);
      if (!change || change.fields)
        byRecord.set(id, { section, recordKey, before: plain(entry(doc)), after: plain(entry(shadow)) });
      continue;
    }
    if (!change) {
      // A field inside a record (or of a one-record section such as the profile).
      const existed = record || (doc.share.has(section) && doc.getMap(section).size > 0);
      change = { section, recordKey, before: existed ? true : undefined, after: true, fields: new Set() };
      byRecord.set(id, change);
    }
    if (change.fields && inside.length > 0) change.fields.add(inside.slice(0, MAX_DEPTH).join("."));
  }
  return [...byRecord.values()];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The paths where two JSON values differ (objects compared key by key, anything else whole). */
function diff(before: unknown, after: unknown, prefix: string, depth: number, out: string[]): void {
  if (out.length >= MAX_FIELDS) return;
  if (isObject(before) && isObject(after) && depth < MAX_DEPTH) {
    const at = (key: string) => (prefix ? `${prefix}.${key}` : key);
    for (const key in before) {
      if (before[key] !== after[key] || !Object.hasOwn(after, key))
        diff(before[key], after[key], at(key), depth + 1, out);
    }
    for (const key in after) if (!Object.hasOwn(before, key)) out.push(at(key));
    return;
  }
  if (before === after) return;
  if (typeof before === "object" && JSON.stringify(before) === JSON.stringify(after)) return;
  out.push(prefix);
}

/** The row of one change: created / changed / removed, and the changed field paths (names only). */
export function historyEntry(
  documentName: string,
  pending: Pick<PendingHistory, "userId" | "at">,
  change: RecordChange,
): HistoryEntry {
  const base = { documentName, section: change.section, recordKey: change.recordKey, ...pending };
  if (change.fields) {
    const fields = withoutStamps([...change.fields].sort());
    return { ...base, action: change.before === undefined ? "created" : "changed", fields };
  }
  if (change.after === undefined) return { ...base, action: "removed", fields: [] };
  const fields: string[] = [];
  if (change.before === undefined) {
    if (isObject(change.after)) fields.push(...Object.keys(change.after).sort());
    return { ...base, action: "created", fields: withoutStamps(fields) };
  }
  diff(change.before, change.after, "", 0, fields);
  return { ...base, action: "changed", fields: withoutStamps(fields.sort()) };
}

const withoutStamps = (fields: string[]): string[] => {
  const named = fields.filter((f) => !STAMP_FIELDS.has(f) && f !== "createdAt");
  return (named.length > 0 ? named : fields).slice(0, MAX_FIELDS);
};

/**
 * The Hocuspocus extension that writes the history of accepted writes in batches: the write path
 * (write-path.ts) queues a write's records once its update is logged (not at all when that fails).
 */
export class RecordHistory implements Extension {
  readonly extensionName = "rangeline-record-history";
  private queue: { documentName: string; pending: PendingHistory }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly options: { storage: Storage; log?: (message: string) => void }) {}

  /** Queues the records one logged write changed; written within about a second. */
  add(documentName: string, pending: PendingHistory): void {
    if (this.queue.length >= MAX_QUEUED) {
      this.options.log?.(`record history: ${this.queue.length} writes queued, the oldest dropped`);
      this.queue.shift();
    }
    this.queue.push({ documentName, pending });
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
  }

  /** Writes what is queued (one batch); a failed batch is logged (counts only) and kept for the next. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      const batch = this.queue;
      this.queue = [];
      if (batch.length === 0) return;
      // A write that set a record to what it held already changed nothing: no row.
      const rows = batch
        .flatMap(({ documentName, pending }) =>
          pending.changes.map((change) => historyEntry(documentName, pending, change)),
        )
        .filter((row) => row.action !== "changed" || row.fields.length > 0);
      try {
        await this.options.storage.history.appendHistory(rows);
      } catch (error) {
        this.options.log?.(
          `record history: ${rows.length} row(s) not written yet: ${(error as Error).message}`,
        );
        this.queue = [...batch, ...this.queue];
        this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS).unref();
      }
    });
    return this.flushing;
  }

  async onDestroy(): Promise<void> {
    await this.flush();
  }
}
