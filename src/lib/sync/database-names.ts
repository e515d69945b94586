// One IndexedDB database per document and user; the user is part of the name, so the documents of
// each user of the device can be found and removed.

const DB_PREFIX = "rangeline-doc";

/** The IndexedDB database of one document of one user: the user is part of the name. */
export const databaseName = (userId: string, documentName: string): string =>
  `${DB_PREFIX}:${encodeURIComponent(userId)}:${documentName}`;

/** The user a database belongs to, or null when it is not a document database of Rangeline. */
export function databaseOwner(database: string): { userId: string; documentName: string } | null {
  const match = /^rangeline-doc:([^:]+):(.+)$/.exec(database);
  if (!match) return null;
  return { userId: decodeURIComponent(match[1] as string), documentName: match[2] as string };
}
