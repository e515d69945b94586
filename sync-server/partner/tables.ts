import type { Db } from "../storage/sql";

// API keys and the partner API's call log (docs/partner-api.md), one implementation for
// SQLite and PostgreSQL through the storage's SQL runner. A key is stored as the SHA-256 of the whole
// secret: it cannot be read back. Calls are recorded (key, method, route, status, time, request id).

export const API_SCOPES = ["quotes:read", "market:read", "book:read", "commissions:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface ApiKeyRecord {
  /** The public part of the key (after the prefix): how a key is named in lists and logs. */
  id: string;
  orgId: string;
  userId: string;
  name: string;
  scopes: ApiScope[];
  /** SHA-256 (hex) of the full secret. */
  hash: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  revokedBy: string | null;
}

export interface ApiCallRecord {
  keyId: string;
  orgId: string;
  method: string;
  route: string;
  status: number;
  at: number;
  durationMs: number;
  requestId: string;
}

export interface PartnerTables {
  createApiKey(key: ApiKeyRecord): Promise<void>;
  getApiKey(id: string): Promise<ApiKeyRecord | null>;
  /** An organisation's keys (all users' when `userId` is null), newest first. */
  listApiKeys(orgId: string, userId: string | null): Promise<ApiKeyRecord[]>;
  revokeApiKey(id: string, at: number, by: string): Promise<boolean>;
  /** Records calls and the keys' last use (batched by the caller). */
  recordApiCalls(calls: readonly ApiCallRecord[]): Promise<void>;
  listApiCalls(orgId: string, limit: number): Promise<ApiCallRecord[]>;
}

export const partnerSchemaSql = (t: { integer: string; serialKey: string }): string => `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  scopes TEXT NOT NULL,
  hash TEXT NOT NULL,
  created_at ${t.integer} NOT NULL,
  last_used_at ${t.integer},
  revoked_at ${t.integer},
  revoked_by TEXT
);
CREATE INDEX IF NOT EXISTS api_keys_by_org ON api_keys (org_id, created_at);
CREATE TABLE IF NOT EXISTS api_calls (
  id ${t.serialKey},
  key_id TEXT NOT NULL,
  org_id TEXT NOT NULL,
  method TEXT NOT NULL,
  route TEXT NOT NULL,
  status ${t.integer} NOT NULL,
  at ${t.integer} NOT NULL,
  duration_ms ${t.integer} NOT NULL,
  request_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS api_calls_by_org ON api_calls (org_id, at);`;

const KEY_COLUMNS =
  "id, org_id, user_id, name, scopes, hash, created_at, last_used_at, revoked_at, revoked_by";
interface KeyRow {
  id: string;
  org_id: string;
  user_id: string;
  name: string;
  scopes: string;
  hash: string;
  created_at: number | string;
  last_used_at: number | string | null;
  revoked_at: number | string | null;
  revoked_by: string | null;
}
const n = (v: number | string | null) => (v === null ? null : Number(v));
const keyRecord = (r: KeyRow): ApiKeyRecord => ({
  id: r.id,
  orgId: r.org_id,
  userId: r.user_id,
  name: r.name,
  scopes: JSON.parse(r.scopes) as ApiScope[],
  hash: r.hash,
  createdAt: Number(r.created_at),
  lastUsedAt: n(r.last_used_at),
  revokedAt: n(r.revoked_at),
  revokedBy: r.revoked_by,
});

/** Rows per INSERT of the call log (8 parameters each: far under SQLite's and PostgreSQL's limits). */
const CALLS_PER_INSERT = 200;

export function partnerTables(db: Db): PartnerTables {
  return {
    async createApiKey(k) {
      await db.run(`INSERT INTO api_keys (${KEY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        k.id,
        k.orgId,
        k.userId,
        k.name,
        JSON.stringify(k.scopes),
        k.hash,
        k.createdAt,
        k.lastUsedAt,
        k.revokedAt,
        k.revokedBy,
      ]);
    },
    async getApiKey(id) {
      const rows = await db.all<KeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`, [id]);
      return rows[0] ? keyRecord(rows[0]) : null;
    },
    async listApiKeys(orgId, userId) {
      const rows =
        userId === null
          ? await db.all<KeyRow>(
              `SELECT ${KEY_COLUMNS} FROM api_keys WHERE org_id = ? ORDER BY created_at DESC, id`,
              [orgId],
            )
          : await db.all<KeyRow>(
              `SELECT ${KEY_COLUMNS} FROM api_keys WHERE org_id = ? AND user_id = ? ORDER BY created_at DESC, id`,
              [orgId, userId],
            );
      return rows.map(keyRecord);
    },
    async revokeApiKey(id, at, by) {
      return (
        (await db.run(
          "UPDATE api_keys SET revoked_at = ?, revoked_by = ? WHERE id = ? AND revoked_at IS NULL",
          [at, by, id],
        )) === 1
      );
    },
    async recordApiCalls(calls) {
      const last = new Map<string, number>();
      for (const c of calls) last.set(c.keyId, Math.max(last.get(c.keyId) ?? 0, c.at));
      // A second's calls in a few statements (one commit each), not one commit per call.
      for (let i = 0; i < calls.length; i += CALLS_PER_INSERT) {
        const chunk = calls.slice(i, i + CALLS_PER_INSERT);
        await db.run(
          `INSERT INTO api_calls (key_id, org_id, method, route, status, at, duration_ms, request_id) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
          chunk.flatMap((c) => [
            c.keyId,
            c.orgId,
            c.method,
            c.route,
            c.status,
            c.at,
            c.durationMs,
            c.requestId,
          ]),
        );
      }
      for (const [id, at] of last)
        await db.run(
          "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
          [at, id, at],
        );
    },
    async listApiCalls(orgId, limit) {
      const rows = await db.all<{
        key_id: string;
        org_id: string;
        method: string;
        route: string;
        status: number | string;
        at: number | string;
        duration_ms: number | string;
        request_id: string;
      }>(
        "SELECT key_id, org_id, method, route, status, at, duration_ms, request_id FROM api_calls WHERE org_id = ? ORDER BY at DESC, id DESC LIMIT ?",
        [orgId, limit],
      );
      return rows.map((r) => ({
        keyId: r.key_id,
        orgId: r.org_id,
        method: r.method,
        route: r.route,
        status: Number(r.status),
        at: Number(r.at),
        durationMs: Number(r.duration_ms),
        requestId: r.request_id,
      }));
    },
  };
}
