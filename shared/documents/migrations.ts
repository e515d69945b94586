import { migrateCustomerV1, migrateOrgV1 } from "./migrate-v1";
import { type DocumentMove, migrateMovedOutV2, moveOutV2 } from "./migrate-v2";
import { migrateCustomerV3 } from "./migrate-v3";
import type { DocumentKind, DocumentRef } from "./names";
import { DOCUMENT_SCHEMA_VERSION } from "./shapes";

// Versioned shapes (CONVENTIONS.md 4). A migration turns the JSON of a document at version N into
// version N + 1. The server runs them when it loads a document stored at an older version and writes
// the result back; a client that declares a schema version the server does not know is refused with
// `server-too-old`, one older than the oldest the server still migrates with `client-too-old`.

export type DocumentJson = Record<string, unknown>;
/** What a migration may need besides the document: the clock and the id in the document's name. */
export interface MigrationContext {
  /** ISO instant of the migration (stamps records that had none). */
  now: string;
  /** The record id of the document's name (the customer id of a customer document), or "". */
  recordId: string;
}
export type Migration = (document: DocumentJson, context: MigrationContext) => DocumentJson;

const unchanged: Migration = (document) => document;

/** Per kind, MIGRATIONS[kind][n - 1] migrates version n to n + 1. */
export const MIGRATIONS: Readonly<Record<DocumentKind, readonly Migration[]>> = {
  // 1 → 2: the agent book's strict shapes (migrate-v1.ts). 2 → 3: the book index leaves the
  // organisation document for the book document, a customer document's `legacy` records leave for the
  // agents-only internal document (migrate-v2.ts; MOVES_OUT says what goes where). 3 → 4: free text
  // becomes shared text and an address one key per field (migrate-v3.ts): the JSON keeps its values,
  // the Y.Doc's representation changes (the server's text-upgrade.ts, after these run). 4 → 5 (issue
  // 27): optional fields and sections only — records an import wrote carry `importId`, endorsements
  // typed from the SCE `figuresFrom`, the book document `importMappings` and `imports` — so the JSON
  // is unchanged; the version says a client reads them (a version-4 client's strict shapes would not).
  // 5 → 6 (issue 41, HOLD1): the internal document's `heldCoverages` section, a new section only.
  org: [migrateOrgV1, migrateMovedOutV2("org"), unchanged, unchanged, unchanged],
  book: [unchanged, unchanged, unchanged, unchanged, unchanged],
  customer: [migrateCustomerV1, migrateMovedOutV2("customer"), migrateCustomerV3, unchanged, unchanged],
  customerInternal: [unchanged, unchanged, unchanged, unchanged, unchanged],
  campaign: [unchanged, unchanged, unchanged, unchanged, unchanged],
  claim: [unchanged, unchanged, unchanged, unchanged, unchanged],
  watchlist: [unchanged, unchanged, unchanged, unchanged, unchanged],
  market: [unchanged, unchanged, unchanged, unchanged, unchanged],
};

/**
 * Per version n, what migration n → n + 1 moves to another document, read from the document at
 * version n (null: nothing). The server writes it into the target before it saves the migrated
 * document, so what a migration takes out of one document is never lost.
 */
export const MOVES_OUT: Readonly<
  Record<number, (ref: DocumentRef, document: DocumentJson) => DocumentMove | null>
> = {
  2: moveOutV2,
};

/**
 * What migrating `document` (the stored document `ref`) up to `target` moves to other documents, in
 * the order of the migrations: each move is read from the document at the version of its migration.
 */
export function movesOutOf(
  ref: DocumentRef,
  document: DocumentJson,
  context: MigrationContext,
  target = DOCUMENT_SCHEMA_VERSION,
): DocumentMove[] {
  const moves: DocumentMove[] = [];
  let version = versionOf(document);
  let current = document;
  while (version < target) {
    const move = MOVES_OUT[version]?.(ref, current);
    if (move) moves.push(move);
    current = migrateDocument(ref.kind, current, context, MIGRATIONS[ref.kind], version + 1);
    version += 1;
  }
  return moves;
}

/**
 * The oldest client schema version the server still accepts. A version-1 client writes the open
 * records of version 1, which today's shapes refuse; a version-2 client writes the book's summaries
 * into the organisation document, which version 3 keeps in the book document; a version-3 client
 * writes a name or an address as one plain value over the shared text of version 4, replacing what
 * another person is typing there (docs/sync-rules.md); a version-4 client reads records with the fields version 5
 * added (`importId`, `figuresFrom`: docs/book-import.md) as invalid and drops them when it writes a record whole:
 * it must update first.
 */
export const OLDEST_SUPPORTED_CLIENT_SCHEMA = 5;

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
  context: MigrationContext,
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
    current = step(current, context);
    version += 1;
    current = { ...current, meta: { ...(current.meta as object), schemaVersion: version } };
  }
  return current;
}
