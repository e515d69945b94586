import * as idb from "lib0/indexeddb";
import type { DocumentKind } from "../../../shared/documents/names";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/schema-version";
import { whenIdle } from "./frames";

// A compact copy of a large document's parsed content, kept on the device beside the document so a
// page load can show it before Yjs has read the document. Loading the book document (`org/{orgId}/book`:
// 12,000+ summaries, ~3-4 MB of updates for a book of 2,000 customers and 5,000 coverages) costs the
// page ~0.4 s of main-thread CPU: Yjs decodes every stored update, encodes the load again for its
// update listeners, and zod parses every summary. The copy is the data of the last read, already
// parsed with the shared schemas, as one JSON string in the document's own IndexedDB database (the
// `custom` store of y-indexeddb, key `snapshot`), so it is deleted with the document (sign-out, lost
// access, a reset to the server's copy). It is shown while the document loads (`cached` in the state,
// never written through); once Yjs has read the document, its own parsed content replaces it.

/** Kinds whose parsed content is kept as a snapshot on the device (large documents that lists read). */
export const SNAPSHOT_KINDS: ReadonlySet<DocumentKind> = new Set<DocumentKind>(["book"]);

/** The key of the snapshot in the document's `custom` store. */
export const SNAPSHOT_KEY = "snapshot";
/** A snapshot of another schema version is not shown (its shape may differ). */
const FORMAT = `rangeline-snapshot:${DOCUMENT_SCHEMA_VERSION}`;

interface StoredSnapshot {
  format: string;
  data: Record<string, unknown>;
}

/** Opens a document's database as y-indexeddb lays it out (it may not exist yet). */
const openDatabase = (database: string) =>
  idb.openDB(database, (db) => idb.createStores(db, [["updates", { autoIncrement: true }], ["custom"]]));

/** A value of a document's `custom` store, read without loading the document (undefined: none). */
export async function readStoredValue(database: string, key: string): Promise<unknown> {
  const db = await openDatabase(database);
  try {
    const [store] = idb.transact(db, ["custom"], "readonly");
    return await idb.get(store as IDBObjectStore, key);
  } finally {
    db.close();
  }
}

/** Reads started before the document opened (prefetchSnapshot), each used once. */
const prefetched = new Map<string, Promise<Record<string, unknown> | null>>();

/**
 * Starts reading a document's snapshot now, for the document about to open (a page load of a book
 * screen: the read overlaps the sign-in check instead of following it). Only a database already on
 * the device is read; the next readSnapshot of it takes this read, once; unused, it is dropped after
 * 10 s.
 */
export function prefetchSnapshot(database: string, exists: Promise<boolean>): void {
  if (prefetched.has(database)) return;
  const read = exists.then((yes) => (yes ? readStoredSnapshot(database) : null)).catch(() => null);
  prefetched.set(database, read);
  setTimeout(() => {
    if (prefetched.get(database) === read) prefetched.delete(database);
  }, 10_000);
}

/** The snapshot kept for a document, or null (none, another schema version, unreadable). */
export function readSnapshot(database: string): Promise<Record<string, unknown> | null> {
  const early = prefetched.get(database);
  prefetched.delete(database);
  return early?.then((data) => data ?? readStoredSnapshot(database)) ?? readStoredSnapshot(database);
}

async function readStoredSnapshot(database: string): Promise<Record<string, unknown> | null> {
  try {
    const text = await readStoredValue(database, SNAPSHOT_KEY);
    if (typeof text !== "string") return null;
    const parsed = JSON.parse(text) as StoredSnapshot;
    return parsed.format === FORMAT && typeof parsed.data === "object" && parsed.data !== null
      ? parsed.data
      : null;
  } catch {
    return null; // no snapshot: the page waits for the document as before
  }
}

/** The value kept under SNAPSHOT_KEY for a document's parsed content. */
export const snapshotText = (data: unknown): string => JSON.stringify({ format: FORMAT, data });

/**
 * Calls `save` once the document has been quiet for `delayMs` (and the browser is idle), at most once
 * per quiet period: each change of the content moves the save later.
 */
export function debouncedSaver(save: () => void, delayMs = 2000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => whenIdle(save), delayMs);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}
