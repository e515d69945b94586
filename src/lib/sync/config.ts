import { QUERY_DEFAULTS } from "../../../shared/catalogue/app-defaults";
import { DOCUMENT_SCHEMA_VERSION } from "../../../shared/documents/shapes";

// Where the sync socket is and how it reconnects. The socket's URL carries the client's document
// schema version (`schema`, rule SYNC6). The server serves the app, /api and /sync on one
// origin; the socket reconnects with the spec's back-off (§9: from 1 s, doubling, up to 30 s).

/** The sync socket's URL for a page at `location` (ws: beside http:, wss: beside https:). */
export const syncUrl = (location: Pick<Location, "protocol" | "host">): string =>
  `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/sync?schema=${DOCUMENT_SCHEMA_VERSION}`;

export const RECONNECT = {
  delay: QUERY_DEFAULTS.retryBaseDelayMs,
  factor: 2,
  minDelay: QUERY_DEFAULTS.retryBaseDelayMs,
  maxDelay: QUERY_DEFAULTS.retryMaxDelayMs,
  jitter: true,
} as const;

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
