import { databaseName, databaseOwner } from "./database-names";

// The documents on this device, one IndexedDB database per document and user (config.ts names them).
// Listing uses indexedDB.databases(); a document the user may no longer open, and every document of
// a user who signs out, is deleted here.

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

/** Deletes the stored documents for which `which` is true. */
export async function deleteStoredDocuments(
  which: (document: StoredDocument) => boolean,
  factory: IDBFactory = indexedDB,
): Promise<string[]> {
  const doomed = (await storedDocuments(factory)).filter(which);
  await Promise.all(doomed.map((d) => deleteDatabase(d.database, factory)));
  return doomed.map((d) => d.documentName);
}

export const deleteUserDocument = (userId: string, documentName: string, factory: IDBFactory = indexedDB) =>
  deleteDatabase(databaseName(userId, documentName), factory);
