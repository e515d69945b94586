import type { Role } from "../../shared/access/roles";
import type { Db } from "./sql";

// --- Administration (issue 13; docs/administration.md) ---------------------------------------------
// The server's tables behind the settings screens, written once for both databases: each Storage hands
// in a tiny SQL runner (`?` placeholders; PostgreSQL's `$n` are made from them) and delegates to these.
// Organisation secrets (sealed by the caller: sync-server/admin/secrets.ts), logos, the administration
// audit log, invitations, the e-mail outbox and each user's last sign-in.

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

export interface InvitationRecord {
  /** Random, 128 bits, base64url: the link carries it (signed) — never listed. */
  id: string;
  orgId: string;
  email: string;
  roles: Role[];
  /** For a customer's portal account: the customer record it is linked to. */
  customerId: string | null;
  createdBy: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  usedBy: string | null;
}

/** A user as the shared users table and the membership tables hold them (ADMIN1). */
export interface StoredUser {
  id: string;
  email: string | null;
  name: string | null;
  /** Every organisation they belong to (memberships and customer links), sorted. */
  organisations: string[];
}

export interface OutboxRecord {
  id: string;
  createdAt: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** An organisation as the platform keeps it (issue 13 §4): the server's table, superAdmin writes. */
export interface OrganisationRecord {
  id: string;
  name: string;
  organizationType: string;
  parentOrgId: string | null;
  createdAt: number;
  updatedAt: number;
  /** When it was disabled (its members lose access to its documents); null when active. */
  disabledAt: number | null;
}

/**
 * A user the embedded identity provider signs in (development and test) who joined through an
 * invitation: kept so they can still sign in after a restart (their roles come from the memberships).
 */
export interface IdentityUserRecord {
  sub: string;
  email: string;
  name: string;
  orgId: string;
  customerId: string | null;
  createdAt: number;
}

export interface AdminStorage {
  /** Creates or replaces an organisation's platform record. */
  putOrganisation(record: OrganisationRecord): Promise<void>;
  getOrganisation(id: string): Promise<OrganisationRecord | null>;
  /** Every organisation, by id. */
  listOrganisations(): Promise<OrganisationRecord[]>;
  /**
   * Every organisation id the server knows, sorted: the organisations table's, and those that exist
   * only through memberships or customer links (the seeded demo ones, the CLI's first invitation).
   */
  listKnownOrgIds(): Promise<string[]>;
  /** Adds or replaces an invited user of the embedded identity provider (outside production). */
  putIdentityUser(user: IdentityUserRecord): Promise<void>;
  /** The embedded identity provider's invited users, oldest first. */
  listIdentityUsers(): Promise<IdentityUserRecord[]>;
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
  createInvitation(invitation: InvitationRecord): Promise<void>;
  getInvitation(id: string): Promise<InvitationRecord | null>;
  /** Marks an invitation used; false when it was used already (single use, atomic). */
  redeemInvitation(id: string, userId: string, at: number): Promise<boolean>;
  /** Open (unused) invitations of an organisation, newest first. */
  listInvitations(orgId: string): Promise<InvitationRecord[]>;
  putOutbox(message: OutboxRecord): Promise<void>;
  /** Newest first. */
  listOutbox(limit: number): Promise<OutboxRecord[]>;
  recordSignIn(userId: string, at: number): Promise<void>;
  /** The last sign-in (epoch ms) of each user that has one. */
  lastSignIns(userIds: readonly string[]): Promise<Map<string, number>>;
  /** The user's own profile (JSON text, shared/admin/profile.ts), or null. */
  getUserProfile(userId: string): Promise<string | null>;
  putUserProfile(userId: string, json: string, at: number): Promise<void>;
  /**
   * A user's stored record (users table) and every organisation they belong to (memberships and
   * customer links, disabled organisations too); null when the server knows nothing of them (ADMIN1).
   */
  getUser(id: string): Promise<StoredUser | null>;
}

export const adminSchemaSql = (t: { bytes: string; integer: string; serialKey: string }): string => `
CREATE TABLE IF NOT EXISTS organisations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  organization_type TEXT NOT NULL,
  parent_org_id TEXT,
  created_at ${t.integer} NOT NULL,
  updated_at ${t.integer} NOT NULL,
  disabled_at ${t.integer}
);
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
CREATE INDEX IF NOT EXISTS admin_audit_by_org ON admin_audit (org_id, at);
CREATE TABLE IF NOT EXISTS invitations (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  email TEXT NOT NULL,
  roles TEXT NOT NULL,
  customer_id TEXT,
  created_by TEXT NOT NULL,
  created_at ${t.integer} NOT NULL,
  expires_at ${t.integer} NOT NULL,
  used_at ${t.integer},
  used_by TEXT
);
CREATE TABLE IF NOT EXISTS email_outbox (
  id TEXT PRIMARY KEY,
  created_at ${t.integer} NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  headers TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS user_profiles (
  user_id TEXT PRIMARY KEY,
  profile TEXT NOT NULL,
  updated_at ${t.integer} NOT NULL
);
CREATE TABLE IF NOT EXISTS identity_users (
  sub TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  org_id TEXT NOT NULL,
  customer_id TEXT,
  created_at ${t.integer} NOT NULL
);
CREATE TABLE IF NOT EXISTS user_sign_ins (
  user_id TEXT PRIMARY KEY,
  last_at ${t.integer} NOT NULL
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
type InvitationRow = {
  id: string;
  org_id: string;
  email: string;
  roles: string;
  customer_id: string | null;
  created_by: string;
  created_at: number | string;
  expires_at: number | string;
  used_at: number | string | null;
  used_by: string | null;
};
const invitationRecord = (r: InvitationRow): InvitationRecord => ({
  id: r.id,
  orgId: r.org_id,
  email: r.email,
  roles: JSON.parse(r.roles) as Role[],
  customerId: r.customer_id,
  createdBy: r.created_by,
  createdAt: num(r.created_at),
  expiresAt: num(r.expires_at),
  usedAt: r.used_at === null ? null : num(r.used_at),
  usedBy: r.used_by,
});
const INVITATION_COLUMNS =
  "id, org_id, email, roles, customer_id, created_by, created_at, expires_at, used_at, used_by";
const ASSET_COLUMNS = "org_id, kind, content_type, size, sha256, updated_at, updated_by";

/** The administration tables over one database's runner. */
type OrganisationRow = {
  id: string;
  name: string;
  organization_type: string;
  parent_org_id: string | null;
  created_at: number | string;
  updated_at: number | string;
  disabled_at: number | string | null;
};
const organisationRecord = (r: OrganisationRow): OrganisationRecord => ({
  id: r.id,
  name: r.name,
  organizationType: r.organization_type,
  parentOrgId: r.parent_org_id,
  createdAt: num(r.created_at),
  updatedAt: num(r.updated_at),
  disabledAt: r.disabled_at === null ? null : num(r.disabled_at),
});
const ORGANISATION_COLUMNS =
  "id, name, organization_type, parent_org_id, created_at, updated_at, disabled_at";

export function adminTables(db: Db): AdminStorage {
  return {
    async putOrganisation(o) {
      await db.run(
        `INSERT INTO organisations (${ORGANISATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, organization_type = excluded.organization_type, parent_org_id = excluded.parent_org_id, updated_at = excluded.updated_at, disabled_at = excluded.disabled_at`,
        [o.id, o.name, o.organizationType, o.parentOrgId, o.createdAt, o.updatedAt, o.disabledAt],
      );
    },
    async getOrganisation(id) {
      const rows = await db.all<OrganisationRow>(
        `SELECT ${ORGANISATION_COLUMNS} FROM organisations WHERE id = ?`,
        [id],
      );
      return rows[0] ? organisationRecord(rows[0]) : null;
    },
    async listOrganisations() {
      const rows = await db.all<OrganisationRow>(
        `SELECT ${ORGANISATION_COLUMNS} FROM organisations ORDER BY id`,
        [],
      );
      return rows.map(organisationRecord);
    },
    async listKnownOrgIds() {
      const rows = await db.all<{ id: string }>(
        "SELECT id FROM organisations UNION SELECT org_id AS id FROM org_memberships UNION SELECT org_id AS id FROM customer_links ORDER BY id",
        [],
      );
      return rows.map((r) => r.id);
    },
    async putIdentityUser(u) {
      await db.run(
        "INSERT INTO identity_users (sub, email, name, org_id, customer_id, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sub) DO UPDATE SET email = excluded.email, name = excluded.name, org_id = excluded.org_id, customer_id = excluded.customer_id",
        [u.sub, u.email, u.name, u.orgId, u.customerId, u.createdAt],
      );
    },
    async listIdentityUsers() {
      const rows = await db.all<{
        sub: string;
        email: string;
        name: string;
        org_id: string;
        customer_id: string | null;
        created_at: number | string;
      }>(
        "SELECT sub, email, name, org_id, customer_id, created_at FROM identity_users ORDER BY created_at, sub",
        [],
      );
      return rows.map((r) => ({
        sub: r.sub,
        email: r.email,
        name: r.name,
        orgId: r.org_id,
        customerId: r.customer_id,
        createdAt: num(r.created_at),
      }));
    },
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
    async createInvitation(i) {
      await db.run(`INSERT INTO invitations (${INVITATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
        i.id,
        i.orgId,
        i.email,
        JSON.stringify(i.roles),
        i.customerId,
        i.createdBy,
        i.createdAt,
        i.expiresAt,
        i.usedAt,
        i.usedBy,
      ]);
    },
    async getInvitation(id) {
      const rows = await db.all<InvitationRow>(`SELECT ${INVITATION_COLUMNS} FROM invitations WHERE id = ?`, [
        id,
      ]);
      return rows[0] ? invitationRecord(rows[0]) : null;
    },
    async redeemInvitation(id, userId, at) {
      const changed = await db.run(
        "UPDATE invitations SET used_at = ?, used_by = ? WHERE id = ? AND used_at IS NULL",
        [at, userId, id],
      );
      return changed === 1;
    },
    async listInvitations(orgId) {
      const rows = await db.all<InvitationRow>(
        `SELECT ${INVITATION_COLUMNS} FROM invitations WHERE org_id = ? AND used_at IS NULL ORDER BY created_at DESC, id`,
        [orgId],
      );
      return rows.map(invitationRecord);
    },
    async putOutbox(m) {
      await db.run(
        "INSERT INTO email_outbox (id, created_at, to_address, subject, text_body, html_body, headers) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [m.id, m.createdAt, m.to, m.subject, m.text, m.html, JSON.stringify(m.headers)],
      );
    },
    async listOutbox(limit) {
      const rows = await db.all<{
        id: string;
        created_at: number;
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string | null;
        headers: string;
      }>(
        "SELECT id, created_at, to_address, subject, text_body, html_body, headers FROM email_outbox ORDER BY created_at DESC, id DESC LIMIT ?",
        [limit],
      );
      return rows.map((r) => ({
        id: r.id,
        createdAt: num(r.created_at),
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        html: r.html_body,
        headers: JSON.parse(r.headers) as Record<string, string>,
      }));
    },
    async recordSignIn(userId, at) {
      await db.run(
        "INSERT INTO user_sign_ins (user_id, last_at) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET last_at = CASE WHEN excluded.last_at > user_sign_ins.last_at THEN excluded.last_at ELSE user_sign_ins.last_at END",
        [userId, at],
      );
    },
    async lastSignIns(userIds) {
      if (userIds.length === 0) return new Map();
      const rows = await db.all<{ user_id: string; last_at: number }>(
        `SELECT user_id, last_at FROM user_sign_ins WHERE user_id IN (${userIds.map(() => "?").join(", ")})`,
        [...userIds],
      );
      return new Map(rows.map((r) => [r.user_id, num(r.last_at)]));
    },
    async getUserProfile(userId) {
      const rows = await db.all<{ profile: string }>("SELECT profile FROM user_profiles WHERE user_id = ?", [
        userId,
      ]);
      return rows[0]?.profile ?? null;
    },
    async putUserProfile(userId, json, at) {
      await db.run(
        "INSERT INTO user_profiles (user_id, profile, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET profile = excluded.profile, updated_at = excluded.updated_at",
        [userId, json, at],
      );
    },
    async getUser(id) {
      const rows = await db.all<{ id: string; email: string | null; name: string | null }>(
        "SELECT id, email, name FROM users WHERE id = ?",
        [id],
      );
      const orgs = await db.all<{ org_id: string }>(
        "SELECT org_id FROM org_memberships WHERE user_id = ? UNION SELECT org_id FROM customer_links WHERE user_id = ? ORDER BY org_id",
        [id, id],
      );
      const row = rows[0];
      if (!row && orgs.length === 0) return null;
      return {
        id,
        email: row?.email ?? null,
        name: row?.name ?? null,
        organisations: orgs.map((o) => o.org_id),
      };
    },
  };
}

// --- end of administration ----------------------------------------------------------------------------
