import type { DocumentIssue } from "../../shared/documents/shapes";
import type { Db, SqlTypes } from "../storage/sql";
import type { ViolationRecord, ViolationReport } from "../storage/types";

// Refused document writes (rule VIOL1, docs/hardening.md), written once for both databases. A flood
// must not hide the real ones: refusals of one kind, of one document, by one user within one window are
// one row that counts them, with the first and last time. Each (document, user, window) holds at most
// VIOLATION_KINDS_PER_WINDOW kinds; refusals of further kinds share one more row (kind `*`). So a
// document and user add at most 21 rows a minute, however many writes are refused.

/** The length of one aggregation window. */
export const VIOLATION_WINDOW_MS = 60_000;
/** Distinct kinds kept apart per document, user and window; more share the row of kind `*`. */
export const VIOLATION_KINDS_PER_WINDOW = 20;
export const OTHER_KINDS = "*";

/**
 * The kind of a refusal: its issues' sections and messages, sorted, without record keys or values (a
 * flood that varies a record id or a value is still one kind).
 */
export function violationKind(issues: readonly DocumentIssue[]): string {
  const kinds = new Set(issues.map((issue) => `${issue.path[0] ?? ""}: ${issue.message}`));
  return [...kinds].sort().join("\n");
}

export const violationSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS sync_violations (
  id ${t.serialKey},
  document_name TEXT NOT NULL,
  user_id TEXT,
  at ${t.integer} NOT NULL,
  issues TEXT NOT NULL
);`;

/** The columns this module adds to a `sync_violations` table made before refusals were grouped, then its index. */
export const violationGroupColumns = (t: SqlTypes): [name: string, type: string][] => [
  ["last_at", t.integer],
  ["occurrences", `${t.integer} NOT NULL DEFAULT 1`],
  ["group_scope", "TEXT"],
  ["issue_kind", "TEXT"],
];
export const VIOLATION_GROUP_INDEX =
  "CREATE UNIQUE INDEX IF NOT EXISTS sync_violations_by_group ON sync_violations (group_scope, issue_kind)";

const KINDS_SQL =
  "SELECT COUNT(*) AS kinds, SUM(CASE WHEN issue_kind = ? THEN 1 ELSE 0 END) AS same FROM sync_violations WHERE group_scope = ?";
const UPSERT_SQL =
  "INSERT INTO sync_violations (document_name, user_id, at, last_at, occurrences, issues, group_scope, issue_kind) VALUES (?, ?, ?, ?, 1, ?, ?, ?) ON CONFLICT (group_scope, issue_kind) DO UPDATE SET occurrences = sync_violations.occurrences + 1, last_at = CASE WHEN excluded.last_at > sync_violations.last_at THEN excluded.last_at ELSE sync_violations.last_at END RETURNING id";
const LIST_SQL =
  "SELECT id, document_name, user_id, at, last_at, occurrences, issues FROM sync_violations WHERE substr(document_name, 1, length(CAST(? AS TEXT))) = ? ORDER BY COALESCE(last_at, at) DESC, id DESC LIMIT ?";

interface ViolationRow {
  id: number | string;
  document_name: string;
  user_id: string | null;
  at: number | string;
  last_at: number | string | null;
  occurrences: number | string | null;
  issues: string;
}

export interface ViolationTables {
  /** Records a refused write: counted in the row of its kind, document, user and window; returns that row's id. */
  recordViolation(violation: ViolationReport): Promise<number>;
  /** Recorded violations, latest first; `documentPrefix` narrows them to names starting with it. */
  listViolations(filter?: { documentPrefix?: string; limit?: number }): Promise<ViolationRecord[]>;
}

export const violationTables = (db: Db): ViolationTables => ({
  async recordViolation(v) {
    const scope = JSON.stringify([v.documentName, v.userId, Math.floor(v.at / VIOLATION_WINDOW_MS)]);
    let kind = violationKind(v.issues);
    const [held] = await db.all<{ kinds: number | string; same: number | string | null }>(KINDS_SQL, [
      kind,
      scope,
    ]);
    if (Number(held?.same ?? 0) === 0 && Number(held?.kinds ?? 0) >= VIOLATION_KINDS_PER_WINDOW) {
      kind = OTHER_KINDS;
    }
    const [row] = await db.all<{ id: number | string }>(UPSERT_SQL, [
      v.documentName,
      v.userId,
      v.at,
      v.at,
      JSON.stringify(v.issues),
      scope,
      kind,
    ]);
    return Number(row?.id);
  },

  async listViolations(filter = {}) {
    const prefix = filter.documentPrefix ?? "";
    const rows = await db.all<ViolationRow>(LIST_SQL, [prefix, prefix, filter.limit ?? 100]);
    return rows.map((r) => ({
      id: Number(r.id),
      documentName: r.document_name,
      userId: r.user_id,
      at: Number(r.at),
      lastAt: Number(r.last_at ?? r.at),
      count: Number(r.occurrences ?? 1),
      issues: JSON.parse(r.issues),
    }));
  },
});
