import type { Db, SqlTypes } from "../storage/sql";

// An organisation's settings tables (docs/administration.md), written once for both databases
// (docs/server-layout.md, the table seam): its secrets (sealed by the caller: settings/secret-box.ts), its
// logos and the administration audit log.

export interface SecretRecord {
  orgId: string;
  name: string;
  updatedAt: number;
  updatedBy: string;
}

export interface AssetRecord {
  orgId: string;
  /** fullLogo, compactLogo, favicon, loadingIndicator. */
  kind: string;
  contentType: string;
  size: number;
  sha256: string;
  updatedAt: number;
  updatedBy: string;
}

export interface AuditEntry {
  orgId: string;
  actorId: string;
  /** What was done, e.g. "invitation.created", "role.removed", "secret.set". */
  action: string;
  /** Whom or what it was done to (a user id, an e-mail address, a secret's name). Never a value. */
  target: string;
  /** Epoch ms. */
  at: number;
  detail?: string | null;
}

export interface AuditRecord extends AuditEntry {
  id: number;
  actorEmail: string | null;
}

export interface OrgSettingTables {
  /** Stores a sealed secret, or removes it when `sealed` is null. */
  putOrgSecret(orgId: string, name: string, sealed: Uint8Array | null, at: number, by: string): Promise<void>;
  getOrgSecret(orgId: string, name: string): Promise<Uint8Array | null>;
  /** Which secrets are set (names and when; never values), sorted by name. */
  listOrgSecrets(orgId: string): Promise<SecretRecord[]>;
  putOrgAsset(record: AssetRecord, content: Uint8Array): Promise<void>;
  getOrgAsset(orgId: string, kind: string): Promise<{ record: AssetRecord; content: Uint8Array } | null>;
  deleteOrgAsset(orgId: string, kind: string): Promise<boolean>;
  appendAdminAudit(entry: AuditEntry): Promise<void>;
  /** Newest first, with the actor's e-mail. */
  listAdminAudit(orgId: string, limit: number): Promise<AuditRecord[]>;
}

export const orgSettingSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS org_secrets (
  org_id TEXT NOT NULL,
  name TEXT NOT NULL,
  sealed ${t.bytes} NOT NULL,
  updated_at ${t.integer} NOT NULL,
  updated_by TEXT NOT NULL,
  PRIMARY KEY (org_id, name)
);
CREATE TABLE IF NOT EXISTS org_assets (
  org_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size ${t.integer} NOT NULL,
  sha256 TEXT NOT NULL,
  updated_at ${t.integer} NOT NULL,
  updated_by TEXT NOT NULL,
  content ${t.bytes} NOT NULL,
  PRIMARY KEY (org_id, kind)
);
CREATE TABLE IF NOT EXISTS admin_audit (
  id ${t.serialKey},
  org_id TEXT NOT NULL,
  actor_id TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail TEXT,
  at ${t.integer} NOT NULL
);
`;

const num = (v: unknown) => Number(v);
const blob = (v: unknown): Uint8Array => {
  const b = v as Uint8Array;
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength).slice();
};
type AssetRow = {
  org_id: string;
  kind: string;
  content_type: string;
  size: number | string;
  sha256: string;
  updated_at: number | string;
  updated_by: string;
};
const assetRecord = (r: AssetRow): AssetRecord => ({
  orgId: r.org_id,
  kind: r.kind,
  contentType: r.content_type,
  size: num(r.size),
  sha256: r.sha256,
  updatedAt: num(r.updated_at),
  updatedBy: r.updated_by,
});
const ASSET_COLUMNS = "org_id, kind, content_type, size, sha256, updated_at, updated_by";

export const orgSettingTables = (db: Db): OrgSettingTables => ({
  async putOrgSecret(orgId, name, sealed, at, by) {
    if (sealed === null) {
      await db.run("DELETE FROM org_secrets WHERE org_id = ? AND name = ?", [orgId, name]);
      return;
    }
    await db.run(
      "INSERT INTO org_secrets (org_id, name, sealed, updated_at, updated_by) VALUES (?, ?, ?, ?, ?) ON CONFLICT (org_id, name) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at, updated_by = excluded.updated_by",
      [orgId, name, sealed, at, by],
    );
  },
  async getOrgSecret(orgId, name) {
    const rows = await db.all<{ sealed: Uint8Array }>(
      "SELECT sealed FROM org_secrets WHERE org_id = ? AND name = ?",
      [orgId, name],
    );
    return rows[0] ? blob(rows[0].sealed) : null;
  },
  async listOrgSecrets(orgId) {
    const rows = await db.all<{ org_id: string; name: string; updated_at: number; updated_by: string }>(
      "SELECT org_id, name, updated_at, updated_by FROM org_secrets WHERE org_id = ? ORDER BY name",
      [orgId],
    );
    return rows.map((r) => ({
      orgId: r.org_id,
      name: r.name,
      updatedAt: num(r.updated_at),
      updatedBy: r.updated_by,
    }));
  },
  async putOrgAsset(r, content) {
    await db.run(
      `INSERT INTO org_assets (${ASSET_COLUMNS}, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (org_id, kind) DO UPDATE SET content_type = excluded.content_type, size = excluded.size, sha256 = excluded.sha256, updated_at = excluded.updated_at, updated_by = excluded.updated_by, content = excluded.content`,
      [r.orgId, r.kind, r.contentType, r.size, r.sha256, r.updatedAt, r.updatedBy, content],
    );
  },
  async getOrgAsset(orgId, kind) {
    const rows = await db.all<AssetRow & { content: Uint8Array }>(
      `SELECT ${ASSET_COLUMNS}, content FROM org_assets WHERE org_id = ? AND kind = ?`,
      [orgId, kind],
    );
    const row = rows[0];
    return row ? { record: assetRecord(row), content: blob(row.content) } : null;
  },
  async deleteOrgAsset(orgId, kind) {
    return (await db.run("DELETE FROM org_assets WHERE org_id = ? AND kind = ?", [orgId, kind])) > 0;
  },
  async appendAdminAudit(e) {
    await db.run(
      "INSERT INTO admin_audit (org_id, actor_id, action, target, detail, at) VALUES (?, ?, ?, ?, ?, ?)",
      [e.orgId, e.actorId, e.action, e.target, e.detail ?? null, e.at],
    );
  },
  async listAdminAudit(orgId, limit) {
    const rows = await db.all<{
      id: number;
      org_id: string;
      actor_id: string;
      action: string;
      target: string;
      detail: string | null;
      at: number;
      email: string | null;
    }>(
      "SELECT a.id, a.org_id, a.actor_id, a.action, a.target, a.detail, a.at, u.email FROM admin_audit a LEFT JOIN users u ON u.id = a.actor_id WHERE a.org_id = ? ORDER BY a.at DESC, a.id DESC LIMIT ?",
      [orgId, limit],
    );
    return rows.map((r) => ({
      id: num(r.id),
      orgId: r.org_id,
      actorId: r.actor_id,
      action: r.action,
      target: r.target,
      detail: r.detail,
      at: num(r.at),
      actorEmail: r.email,
    }));
  },
});
