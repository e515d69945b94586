import type { DocumentKind } from "./names";
import { DOCUMENT_SCHEMA_VERSION } from "./shapes";

// Versioned shapes (CONVENTIONS.md 4). A migration turns the JSON of a document at version N into
// version N + 1. The server runs them when it loads a document stored at an older version and writes
// the result back; a client that declares a schema version the server does not know is refused with
// `server-too-old`, one older than the oldest the server still migrates with `client-too-old`.

export type DocumentJson = Record<string, unknown>;
export type Migration = (document: DocumentJson) => DocumentJson;

/** Per kind, MIGRATIONS[kind][n - 1] migrates version n to n + 1. Version 1 is the first: none yet. */
export const MIGRATIONS: Readonly<Record<DocumentKind, readonly Migration[]>> = {
  org: [],
  customer: [],
  customerInternal: [],
  campaign: [],
  claim: [],
  watchlist: [],
  market: [],
};

/** The oldest client schema version the server still accepts. */
export const OLDEST_SUPPORTED_CLIENT_SCHEMA = 1;

export type SchemaCompatibility = "ok" | "client-too-old" | "server-too-old";

export function checkClientSchema(
  clientVersion: number,
  serverVersion = DOCUMENT_SCHEMA_VERSION,
): SchemaCompatibility {
  if (!Number.isInteger(clientVersion) || clientVersion > serverVersion) return "server-too-old";
  if (clientVersion < OLDEST_SUPPORTED_CLIENT_SCHEMA) return "client-too-old";
  return "ok";
}

const versionOf = (document: DocumentJson): number => {
  const meta = document.meta as { schemaVersion?: unknown } | undefined;
  return typeof meta?.schemaVersion === "number" ? meta.schemaVersion : DOCUMENT_SCHEMA_VERSION;
};

/**
 * Brings a document's JSON up to `target` (default: the current version) by running each migration in
 * turn; returns it unchanged when already there. A document from a newer schema throws.
 */
export function migrateDocument(
  kind: DocumentKind,
  document: DocumentJson,
  migrations: readonly Migration[] = MIGRATIONS[kind],
  target = DOCUMENT_SCHEMA_VERSION,
): DocumentJson {
  let version = versionOf(document);
  if (version > target) {
    throw new Error(`A ${kind} document at schema version ${version} is newer than this server (${target}).`);
  }
  let current = document;
  while (version < target) {
    const step = migrations[version - 1];
    if (!step)
      throw new Error(
        `No migration for a ${kind} document from schema version ${version} to ${version + 1}.`,
      );
    current = step(current);
    version += 1;
    current = { ...current, meta: { ...(current.meta as object), schemaVersion: version } };
  }
  return current;
}
