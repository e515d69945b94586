import * as Y from "yjs";
import type { DocumentRef } from "../../shared/documents/names";
import { isRecordSection, sectionsOf } from "../../shared/documents/shapes";
import { nowMs } from "../clock";
import type { ArchivedUpdate } from "../storage/archive-tables";
import type { Storage } from "../storage/types";

// A document as it was at a past time, rebuilt from its history (storage archive-tables.ts): the base
// state, then every archived or still-logged update the server received at or before that time, in
// the order it received them. Yjs updates merge whatever their order, so this is the document any
// client would have seen right after the server accepted the last of them.

export interface PastDocument {
  doc: Y.Doc;
  /** From when the history is complete (epoch ms): a time before it cannot be rebuilt. */
  since: number;
  /** The updates applied on top of the base, oldest first. */
  updates: ArchivedUpdate[];
}

/**
 * A document's history up to `at` (epoch ms; absent: all of it): the state it starts from, from when it
 * is complete, and the updates received after it, oldest first.
 */
export async function documentBase(
  storage: Storage,
  name: string,
  at?: number,
): Promise<{ base: Uint8Array | null; since: number; updates: ArchivedUpdate[] }> {
  const archive = await storage.readArchive(name, at);
  if (archive.base) return { base: archive.base.state, since: archive.base.since, updates: archive.updates };
  // Nothing archived yet: the log is the whole history of a document never compacted; one compacted
  // before its history began has only its present state (the next compaction starts its history).
  const stored = await storage.loadDocument(name);
  return { base: stored.state, since: stored.state ? nowMs() : 0, updates: archive.updates };
}

/** The document at `at` (epoch ms); `since` says from when the history is complete. */
export async function documentAt(storage: Storage, name: string, at: number): Promise<PastDocument> {
  const { base, since, updates } = await documentBase(storage, name, at);
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, base);
  for (const u of updates) Y.applyUpdate(doc, u.update);
  return { doc, since, updates };
}

/** One record a change touched: an entry of a record section, or a whole section (e.g. `profile`). */
export interface TouchedRecord {
  section: string;
  /** The entry's key; null for a section that is one record. */
  key: string | null;
}

/** At most this many records are named per change in the list. */
const MAX_TOUCHED = 20;

/**
 * The records each update touched, found by applying the history one update at a time and watching
 * the sections: a list of the same length as `updates`.
 */
export function touchedRecords(
  ref: DocumentRef,
  base: Uint8Array | null,
  updates: readonly Uint8Array[],
): TouchedRecord[][] {
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, base);
  let current = new Map<string, TouchedRecord>();
  const note = (section: string, key: string | null) => {
    if (current.size < MAX_TOUCHED) current.set(`${section}\u0000${key ?? ""}`, { section, key });
  };
  for (const section of sectionsOf(ref.kind)) {
    const record = isRecordSection(ref.kind, section);
    doc.getMap(section).observeDeep((events) => {
      for (const event of events) {
        if (!record) note(section, null);
        else if (event.path.length > 0) note(section, String(event.path[0]));
        else for (const key of event.changes.keys.keys()) note(section, key);
      }
    });
  }
  return updates.map((update) => {
    current = new Map();
    Y.applyUpdate(doc, update);
    return [...current.values()];
  });
}
