import { ORG_ID_CLAIM } from "../../../shared/access/claim-names";
import { documentName } from "../../../shared/documents/names";
import { databaseName } from "./database-names";

// Values a screen shows first on a page load, read from the device by the page's first script — while
// the sign-in is checked and before the screen's own chunk (and zod, Yjs, the sync layer it imports)
// has even loaded (docs/agent-book-bench.md). Read raw: the screen decodes and checks what it gets, and
// uses it only for the session's own user. A value is a key of a document database's `custom` store;
// only a database the sync layer has made is opened (never created here).

/** The key of the coverage list's compact copy in the book database (src/components/book/coverage-list-copy.ts). */
export const COVERAGE_LIST_KEY = "coverage-list";

/** The coverage list's address: its page load reads the copy early (and not the book's whole snapshot). */
export const COVERAGE_LIST_PATH = /^\/agent\/coverages\/?$/;

/** What each screen reads early: its path and the key in the book database. */
const EARLY_READS: readonly { path: RegExp; key: string }[] = [
  { path: COVERAGE_LIST_PATH, key: COVERAGE_LIST_KEY },
];

/** Opens a document's database only if it exists: an early read never creates one. */
export const openExistingDatabase = (database: string): Promise<IDBDatabase | null> =>
  new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(database);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      if (db.objectStoreNames.contains("custom")) resolve(db);
      else {
        db.close();
        resolve(null);
      }
    };
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });

/** A value of an existing database's `custom` store (undefined: none, or no such database). */
export async function readCustomValue(database: string, key: string): Promise<unknown> {
  const db = await openExistingDatabase(database);
  if (!db) return undefined;
  try {
    return await new Promise<unknown>((resolve) => {
      const request = db.transaction("custom", "readonly").objectStore("custom").get(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}

/** Reads started at the page's start, by database and key, with their value once they have one. */
const started = new Map<string, { read: Promise<unknown>; settled?: { value: unknown } }>();
const id = (database: string, key: string) => `${database}\u0000${key}`;

/**
 * At a page load by someone signed in on this device before (`user`, the identity the auth layer
 * keeps): starts the reads of the screen at `path`, if it has any. Each is taken once; one nobody
 * took is dropped after 10 s.
 */
export function startEarlyReads(user: { sub?: unknown } & Record<string, unknown>, path: string): void {
  const orgId = user[ORG_ID_CLAIM];
  if (typeof user.sub !== "string" || typeof orgId !== "string" || orgId === "") return;
  for (const read of EARLY_READS) {
    if (!read.path.test(path)) continue;
    const database = databaseName(user.sub, documentName.book(orgId));
    const key = id(database, read.key);
    const entry: { read: Promise<unknown>; settled?: { value: unknown } } = {
      read: readCustomValue(database, read.key),
    };
    void entry.read.then((value) => {
      entry.settled = { value };
    });
    started.set(key, entry);
    setTimeout(() => {
      if (started.get(key) === entry) started.delete(key);
    }, 10_000);
  }
}

/** The early read of `key` in `database`, once; undefined when none was started (or it was taken). */
export function takeEarlyRead(database: string, key: string): Promise<unknown> | undefined {
  const entry = started.get(id(database, key));
  started.delete(id(database, key));
  return entry?.read;
}

/**
 * The value of the early read of `key` in `database` if it has arrived (not taken): a screen's first
 * render can show it at once instead of after an effect and a frame.
 */
export function settledEarlyRead(database: string, key: string): { value: unknown } | undefined {
  return started.get(id(database, key))?.settled;
}
