import type { Db, SqlTypes } from "../storage/sql";
import type { HistoryEntry, HistoryFilter, HistoryRecord } from "../storage/types";

// A record's history (rule AUDIT1; sync-server/sync/history.ts writes it): one row per record an
// accepted client write touched, written once for both databases (docs/server-layout.md, the table seam).

export interface HistoryTables {
  /** Appends history rows in one statement (written in batches, off the acknowledgement path). */
  appendHistory(entries: readonly HistoryEntry[]): Promise<void>;
  /** History rows, newest first, with the writer's e-mail and name. */
  listHistory(filter: HistoryFilter): Promise<HistoryRecord[]>;
}

// The index is by document and time, not by record: a batch's rows then go into the index where each
// document's rows end (one page per document written to), where an index by record put each record's
// row into a page of its own — with 200 records edited a second, 200 scattered pages rewritten in the
// WAL and copied by each checkpoint (about 20 µs a row against 9; docs/local-first.md, "Load
// benchmark"). The reads are a document's rows newest first, filtered by record, which this index
// serves in order; the index by record (dropped here) served only their document too.
export const historySchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS record_history (
  id ${t.serialKey},
  document_name TEXT NOT NULL,
  section TEXT NOT NULL,
  record_key TEXT NOT NULL,
  action TEXT NOT NULL,
  fields TEXT NOT NULL,
  user_id TEXT NOT NULL,
  at ${t.integer} NOT NULL
);
CREATE INDEX IF NOT EXISTS record_history_by_document ON record_history (document_name, at);
DROP INDEX IF EXISTS record_history_by_record;`;

/** A row of record_history joined with the writer's user row. */
interface HistoryRow {
  id: number | string;
  document_name: string;
  section: string;
  record_key: string;
  action: string;
  fields: string;
  user_id: string;
  at: number | string;
  email: string | null;
  name: string | null;
}

const historyRecord = (r: HistoryRow): HistoryRecord => ({
  id: Number(r.id),
  documentName: r.document_name,
  section: r.section,
  recordKey: r.record_key,
  action: r.action as HistoryRecord["action"],
  fields: JSON.parse(r.fields) as string[],
  userId: r.user_id,
  at: Number(r.at),
  userEmail: r.email,
  userName: r.name,
});

/** The record's own rows, and for `taxIds` the rows of the keys under it (`{entityId}.spouse` …). */
const OF_RECORD =
  "(CAST(? AS TEXT) IS NULL OR h.record_key = ? OR (h.section = 'taxIds' AND substr(h.record_key, 1, length(CAST(? AS TEXT)) + 1) = CAST(? AS TEXT) || '.'))";

export function historyTables(db: Db): HistoryTables {
  // The batch goes as one JSON array, one element per row: one statement whatever its size, all or none.
  const append = `INSERT INTO record_history (document_name, section, record_key, action, fields, user_id, at) SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, CAST(value->>6 AS ${db.dialect.types.integer}) FROM ${db.dialect.types.jsonElements}`;
  return {
    async appendHistory(entries) {
      if (entries.length === 0) return;
      const rows = entries.map((e) => [
        e.documentName,
        e.section,
        e.recordKey,
        e.action,
        JSON.stringify(e.fields),
        e.userId,
        e.at,
      ]);
      await db.run(append, [JSON.stringify(rows)]);
    },

    async listHistory(filter) {
      if (filter.documentNames.length === 0) return [];
      const names = filter.documentNames.map(() => "?").join(", ");
      const record = filter.recordKey ?? null;
      const rows = await db.all<HistoryRow>(
        `SELECT h.id, h.document_name, h.section, h.record_key, h.action, h.fields, h.user_id, h.at, u.email, u.name FROM record_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.document_name IN (${names}) AND ${OF_RECORD} ORDER BY h.at DESC, h.id DESC LIMIT ?`,
        [...filter.documentNames, record, record, record, record, filter.limit ?? 100],
      );
      return rows.map(historyRecord);
    },
  };
}
