import type { Db, SqlValue } from "../storage/sql";

// The applications table (docs/applications.md), written once for SQLite and PostgreSQL
// through the storage's SQL runner. The application itself (with its tax ids) is stored sealed under
// DATA_ENCRYPTION_KEY (sync-server/applications/seal.ts); the row's plain columns are what the agent
// hub lists: the applicant's name and type, the plans, the state, the status. Nothing here is a tax id.

export type ApplicationRowStatus = "received" | "accepted" | "declined";

export interface ApplicationRecord {
  /** The submission id made on the device. */
  id: string;
  orgId: string;
  status: ApplicationRowStatus;
  /** SHA-256 (hex) of the status token handed to the applicant's device. */
  tokenHash: string;
  /** SHA-256 (hex) of the application as received: a retry with other content is refused. */
  bodySha256: string;
  applicantType: string;
  applicantName: string;
  plans: string[];
  state: string;
  receivedAt: number;
  decidedAt: number | null;
  decidedBy: string | null;
  declineReason: string | null;
  customerId: string | null;
}

export interface ApplicationTables {
  /** Stores a new application; when the id exists, nothing changes and the stored record is returned. */
  putApplication(
    record: ApplicationRecord,
    sealed: Uint8Array,
  ): Promise<{ created: boolean; record: ApplicationRecord }>;
  getApplication(id: string): Promise<{ record: ApplicationRecord; sealed: Uint8Array } | null>;
  /** An organisation's applications, newest first (no sealed content). */
  listApplications(orgId: string, limit: number): Promise<ApplicationRecord[]>;
  /** How many of an organisation's applications wait for a decision (BOUND2). */
  countWaiting(orgId: string): Promise<number>;
  /** Accepts or declines a received application; false when it was decided already. */
  decideApplication(
    id: string,
    decision: {
      status: "accepted" | "declined";
      at: number;
      by: string;
      reason: string | null;
      customerId: string | null;
    },
  ): Promise<boolean>;
}

export const applicationsSchemaSql = (t: { bytes: string; integer: string }): string => `
CREATE TABLE IF NOT EXISTS applications (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  status TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  body_sha256 TEXT NOT NULL,
  applicant_type TEXT NOT NULL,
  applicant_name TEXT NOT NULL,
  plans TEXT NOT NULL,
  state TEXT NOT NULL,
  received_at ${t.integer} NOT NULL,
  decided_at ${t.integer},
  decided_by TEXT,
  decline_reason TEXT,
  customer_id TEXT,
  sealed ${t.bytes} NOT NULL
);
CREATE INDEX IF NOT EXISTS applications_by_org ON applications (org_id, received_at);`;

const COLUMNS =
  "id, org_id, status, token_hash, body_sha256, applicant_type, applicant_name, plans, state, received_at, decided_at, decided_by, decline_reason, customer_id";

interface Row {
  id: string;
  org_id: string;
  status: ApplicationRowStatus;
  token_hash: string;
  body_sha256: string;
  applicant_type: string;
  applicant_name: string;
  plans: string;
  state: string;
  received_at: number | string;
  decided_at: number | string | null;
  decided_by: string | null;
  decline_reason: string | null;
  customer_id: string | null;
  sealed?: Uint8Array;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const record = (r: Row): ApplicationRecord => ({
  id: r.id,
  orgId: r.org_id,
  status: r.status,
  tokenHash: r.token_hash,
  bodySha256: r.body_sha256,
  applicantType: r.applicant_type,
  applicantName: r.applicant_name,
  plans: JSON.parse(r.plans) as string[],
  state: r.state,
  receivedAt: Number(r.received_at),
  decidedAt: num(r.decided_at),
  decidedBy: r.decided_by,
  declineReason: r.decline_reason,
  customerId: r.customer_id,
});

export function applicationTables(db: Db): ApplicationTables {
  const get = async (id: string) => {
    const rows = await db.all<Row>(`SELECT ${COLUMNS}, sealed FROM applications WHERE id = ?`, [id]);
    const row = rows[0];
    return row ? { record: record(row), sealed: new Uint8Array(row.sealed as Uint8Array) } : null;
  };
  return {
    async putApplication(r, sealed) {
      const values: SqlValue[] = [
        r.id,
        r.orgId,
        r.status,
        r.tokenHash,
        r.bodySha256,
        r.applicantType,
        r.applicantName,
        JSON.stringify(r.plans),
        r.state,
        r.receivedAt,
        r.decidedAt,
        r.decidedBy,
        r.declineReason,
        r.customerId,
        sealed,
      ];
      const changed = await db.run(
        `INSERT INTO applications (${COLUMNS}, sealed) VALUES (${values.map(() => "?").join(", ")}) ON CONFLICT (id) DO NOTHING`,
        values,
      );
      const stored = await get(r.id);
      if (!stored) throw new Error(`application ${r.id} was not stored`);
      return { created: changed === 1, record: stored.record };
    },
    getApplication: get,
    async listApplications(orgId, limit) {
      const rows = await db.all<Row>(
        `SELECT ${COLUMNS} FROM applications WHERE org_id = ? ORDER BY received_at DESC, id LIMIT ?`,
        [orgId, limit],
      );
      return rows.map(record);
    },
    async countWaiting(orgId) {
      const rows = await db.all<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM applications WHERE org_id = ? AND status = 'received'",
        [orgId],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async decideApplication(id, d) {
      const changed = await db.run(
        "UPDATE applications SET status = ?, decided_at = ?, decided_by = ?, decline_reason = ?, customer_id = ? WHERE id = ? AND status = 'received'",
        [d.status, d.at, d.by, d.reason, d.customerId, id],
      );
      return changed === 1;
    },
  };
}
