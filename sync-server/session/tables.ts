import type { Db, SqlTypes } from "../storage/sql";
import type { SessionRevocation } from "../storage/types";

// Sign-out and "sign out on all devices" (sync-server/session/revocation.ts), written once for both
// databases (docs/server-layout.md, the table seam).

export interface SessionTables {
  /** Records a revocation; an entry already there keeps the later of its `at` and `expiresAt` and these. */
  revokeSessions(revocation: SessionRevocation): Promise<void>;
  /** Revocations still in force at `now` (epoch ms): `expiresAt` after it. */
  listRevocations(now: number): Promise<SessionRevocation[]>;
}

export const sessionSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS session_revocations (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  user_id TEXT NOT NULL,
  at ${t.integer} NOT NULL,
  expires_at ${t.integer} NOT NULL,
  PRIMARY KEY (kind, key)
);`;

const later = (column: string) =>
  `${column} = CASE WHEN excluded.${column} > session_revocations.${column} THEN excluded.${column} ELSE session_revocations.${column} END`;

interface RevocationRow {
  kind: SessionRevocation["kind"];
  key: string;
  user_id: string;
  at: number | string;
  expires_at: number | string;
}

export const sessionTables = (db: Db): SessionTables => ({
  async revokeSessions(r) {
    await db.run(
      `INSERT INTO session_revocations (kind, key, user_id, at, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET ${later("at")}, ${later("expires_at")}`,
      [r.kind, r.key, r.userId, r.at, r.expiresAt],
    );
  },

  async listRevocations(now) {
    const rows = await db.all<RevocationRow>(
      "SELECT kind, key, user_id, at, expires_at FROM session_revocations WHERE expires_at > ? ORDER BY kind, key",
      [now],
    );
    return rows.map((r) => ({
      kind: r.kind,
      key: r.key,
      userId: r.user_id,
      at: Number(r.at),
      expiresAt: Number(r.expires_at),
    }));
  },
});
