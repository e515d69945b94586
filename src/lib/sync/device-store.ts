import { databaseOwner } from "./database-names";

// The documents on this device, one IndexedDB database per document and user (config.ts names them).
// Listing uses indexedDB.databases(); a document the user may no longer open, and every document of
// a user who signs out, is deleted here — except, on request, a document that holds changes the server
// does not have (docs/hardening.md): those stay for their user's next sign-in on this device.

export interface StoredDocument {
  database: string;
  userId: string;
  documentName: string;
}

/** Every Rangeline document database on this device (of every user). */
export async function storedDocuments(factory: IDBFactory = indexedDB): Promise<StoredDocument[]> {
  const databases = typeof factory.databases === "function" ? await factory.databases() : [];
  const out: StoredDocument[] = [];
  for (const { name } of databases) {
    const owner = name ? databaseOwner(name) : null;
    if (name && owner) out.push({ database: name, ...owner });
  }
  return out;
}

/** Deletes one database; resolves when it is gone (or was never there). */
export function deleteDatabase(database: string, factory: IDBFactory = indexedDB): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(database);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${database}`));
    // Another tab still holds it open: it is deleted once that tab lets go (its sync client closes
    // its databases on sign-out too). Resolve so that sign-out is not held up.
    request.onblocked = () => resolve();
  });
}

// The keys y-indexeddb's `custom` store holds for the sync layer (synced-document.ts, refused-copy.ts).
const PENDING_KEY = "pending";
const REFUSED_KEY = "refused";

/**
 * Whether a stored document holds changes the server does not have: a count of unsent changes above 0,
 * or a copy the server refused. A database that cannot be read counts as holding some (kept).
 */
export function holdsUnsent(database: string, factory: IDBFactory = indexedDB): Promise<boolean> {
  return new Promise((resolve) => {
    const open = factory.open(database);
    open.onerror = () => resolve(true);
    open.onblocked = () => resolve(true);
    open.onupgradeneeded = () => open.transaction?.abort(); // not a document database yet: nothing in it
    open.onsuccess = () => {
      const db = open.result;
      try {
        const store = db.transaction("custom", "readonly").objectStore("custom");
        const pending = store.get(PENDING_KEY);
        const refused = store.get(REFUSED_KEY);
        refused.onsuccess = () => {
          db.close();
          resolve(Number(pending.result ?? 0) > 0 || refused.result !== undefined);
        };
        refused.onerror = () => {
          db.close();
          resolve(true);
        };
      } catch {
        db.close();
        resolve(false); // no `custom` store: nothing was ever written to it
      }
    };
  });
}

/**
 * Deletes the stored documents for which `which` is true; with `keepUnsent`, not those holding changes
 * the server does not have (holdsUnsent).
 */
export async function deleteStoredDocuments(
  which: (document: StoredDocument) => boolean,
  options: { keepUnsent?: boolean } = {},
  factory: IDBFactory = indexedDB,
): Promise<string[]> {
  const chosen = (await storedDocuments(factory)).filter(which);
  const unsent = options.keepUnsent
    ? await Promise.all(chosen.map((d) => holdsUnsent(d.database, factory)))
    : chosen.map(() => false);
  const doomed = chosen.filter((_, index) => !unsent[index]);
  await Promise.all(doomed.map((d) => deleteDatabase(d.database, factory)));
  return doomed.map((d) => d.documentName);
}
