import * as Y from "yjs";
import { type DocumentKind, parseDocumentName } from "../../shared/documents/names";
import type { SqlTypes } from "./sql";

// Document history for restore (docs/hardening.md; rule HIST1): what compaction folds into a document's
// state is not thrown away but moved, in the same transaction, from `document_updates` to
// `document_archive` — the document, the server's time it was received, its author (the verified
// user of the connection that sent it, null for the server's own writes) and the update's bytes,
// sealed like the log row they were (encryption.ts). `document_archive_base` holds, per document, the
// state before its oldest archived update: created with the state stored when the archive began, and
// moved forward when updates older than the retention are folded into it (pruneArchive), so the
// oldest point kept stays restorable. The state at time T is the base merged with every archived or
// logged update received at or before T.

/**
 * The documents whose history is kept: what people write in an organisation. Not the published market
 * (large snapshots the server writes, published again from the feed), a user's watchlist, nor the
 * book index (summaries derived from the customer documents, written again when a customer opens).
 */
const ARCHIVED_KINDS: ReadonlySet<DocumentKind> = new Set([
  "org",
  "customer",
  "customerInternal",
  "campaign",
  "claim",
]);

export const keepsHistory = (name: string): boolean => {
  const kind = parseDocumentName(name)?.kind;
  return kind !== undefined && ARCHIVED_KINDS.has(kind);
};

export const archiveSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS document_archive (
  seq ${t.integer} PRIMARY KEY,
  name TEXT NOT NULL,
  user_id TEXT,
  update_data ${t.bytes} NOT NULL,
  received_at ${t.integer} NOT NULL
);
CREATE INDEX IF NOT EXISTS document_archive_by_name ON document_archive (name, received_at);
CREATE INDEX IF NOT EXISTS document_archive_by_time ON document_archive (received_at);
CREATE TABLE IF NOT EXISTS document_archive_base (
  name TEXT PRIMARY KEY,
  state ${t.bytes},
  since ${t.integer} NOT NULL
);`;

/** The log's author column, added to databases made before the archive (both dialects accept this). */
export const LOG_AUTHOR_COLUMN = "ALTER TABLE document_updates ADD COLUMN user_id TEXT";

/** One update of a document's history. */
export interface ArchivedUpdate {
  seq: number;
  /** The verified user whose connection sent it; null for the server's own writes (load, seeding). */
  userId: string | null;
  /** Epoch ms, the server's clock when it received the update. */
  at: number;
  update: Uint8Array;
}

/** What a document's history holds up to a time. */
export interface DocumentArchive {
  /**
   * The state before the oldest update kept, and from when the history is complete (epoch ms; 0 when
   * it holds every change ever made). Null: nothing archived yet (the history is the log alone).
   */
  base: { state: Uint8Array | null; since: number } | null;
  /** Archived and still-logged updates received at or before the time asked, oldest first. */
  updates: ArchivedUpdate[];
}

/** Folds a document's base (null: none) and its oldest updates into the new base (encryption.ts seals). */
export type FoldArchive = (name: string, base: Uint8Array | null, updates: Uint8Array[]) => Uint8Array;

export const foldUpdates: FoldArchive = (_name, base, updates) =>
  Y.mergeUpdates(base ? [base, ...updates] : updates);

/** The rows both databases return for a document's history. */
export interface ArchiveRow {
  seq: number | string;
  user_id: string | null;
  received_at: number | string;
  update_data: Uint8Array;
}

export const archivedUpdate = (r: ArchiveRow, bytes: (v: Uint8Array) => Uint8Array): ArchivedUpdate => ({
  seq: Number(r.seq),
  userId: r.user_id,
  at: Number(r.received_at),
  update: bytes(r.update_data),
});

/** The history of one document: the archive's and the log's rows up to `until`, oldest first. */
export const READ_ARCHIVE_SQL =
  "SELECT seq, user_id, received_at, update_data FROM document_archive WHERE name = ? AND received_at <= ? UNION ALL SELECT seq, user_id, received_at, update_data FROM document_updates WHERE name = ? AND received_at <= ? ORDER BY received_at, seq";

/** Where a time bound is open (bound as a number both databases take). */
export const UNTIL_NOW = Number.MAX_SAFE_INTEGER;
