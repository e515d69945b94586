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

// The device's database names live apart (database-names.ts) so that the signed-out clean-up needs no
// document shapes.
export { databaseName, databaseOwner } from "./database-names";
