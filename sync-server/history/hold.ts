import type * as Y from "yjs";
import type { DocumentKind } from "../../shared/documents/names";
import { isRecordSection, sectionsOf } from "../../shared/documents/shapes";
import type { RecordChange } from "../sync/history";

// The hold-for-confirmation rule (docs/hardening.md; HIST3): one client update that removes more than a set
// share of a document's records (at least a few) is not applied; the writer is told how many and may
// confirm (confirmations.ts), after which their next such write to that document is applied. It
// catches a mistaken or malicious "delete everything"; removing a record or two never asks. It reads
// what the write guard already noted about the update (the records it changes), so ordinary edits cost
// nothing more; the document is read only when an update removes something. It applies to the documents
// whose records keep a history (sync/history.ts keepsHistory): those are the ones the guard notes them for.

/** More than this share of the records removed in one update is held. */
export const HOLD_SHARE = 0.5;
/** Fewer removed records than this are never held, whatever the share. */
export const HOLD_MIN_RECORDS = 3;

/**
 * The entity whose tax ids a key of the internal document's `taxIds` names: the inverse of
 * shared/documents/book.ts `taxIdKey` (`{entity}`, `{entity}.spouse`, `{entity}.sbi.{sbi}`).
 */
export function taxIdOwner(key: string): string {
  if (key.endsWith(".spouse")) return key.slice(0, -".spouse".length);
  const sbi = key.indexOf(".sbi.");
  return sbi > 0 ? key.slice(0, sbi) : key;
}

/**
 * The record an entry of a record section belongs to. Each entry is a record of its own, except the
 * internal document's tax ids: an entity's, its spouse's and its SBIs' are one record (the entity's),
 * because the app removes a spouse's or the SBIs' ids together when an entity is edited, which must
 * not read as removing most of the document.
 */
const recordOf = (kind: DocumentKind, section: string, key: string): string =>
  kind === "customerInternal" && section === "taxIds"
    ? `${section}\u0000${taxIdOwner(key)}`
    : `${section}\u0000${key}`;

/** Entries of record sections the update removes whole (they existed before, and not after). */
const removedEntries = (kind: DocumentKind, changes: readonly RecordChange[]): RecordChange[] =>
  changes.filter(
    (c) => isRecordSection(kind, c.section) && !c.fields && c.before !== undefined && c.after === undefined,
  );

/** The document's records now (record-section entries, grouped by recordOf), with their entry counts. */
function recordsOf(doc: Y.Doc, kind: DocumentKind): Map<string, number> {
  const records = new Map<string, number>();
  for (const section of sectionsOf(kind)) {
    if (!isRecordSection(kind, section) || !doc.share.has(section)) continue;
    for (const key of doc.getMap(section).keys()) {
      const record = recordOf(kind, section, key);
      records.set(record, (records.get(record) ?? 0) + 1);
    }
  }
  return records;
}

/** The document's records now. */
export const recordCount = (doc: Y.Doc, kind: DocumentKind): number => recordsOf(doc, kind).size;

/**
 * How many of the document's records (before the update) the update removes — a record is removed when
 * none of its entries is left — and how many it had. `{0, 0}` without reading the document when the
 * update removes no entry.
 */
export function removal(
  doc: Y.Doc,
  kind: DocumentKind,
  changes: readonly RecordChange[],
): { removed: number; total: number } {
  const gone = removedEntries(kind, changes);
  if (gone.length === 0) return { removed: 0, total: 0 };
  const records = recordsOf(doc, kind);
  const removedPerRecord = new Map<string, number>();
  for (const c of gone) {
    const record = recordOf(kind, c.section, c.recordKey);
    removedPerRecord.set(record, (removedPerRecord.get(record) ?? 0) + 1);
  }
  let removed = 0;
  for (const [record, count] of removedPerRecord) if (count >= (records.get(record) ?? 0)) removed++;
  return { removed, total: records.size };
}

/** Whether removing `removed` of `total` records in one update is held. */
export const isHeld = (removed: number, total: number): boolean =>
  removed >= HOLD_MIN_RECORDS && total > 0 && removed / total > HOLD_SHARE;
