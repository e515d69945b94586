import type { Role } from "../../shared/access/roles";
import type { Db, SqlTypes } from "../storage/sql";

// People's accounts beside their memberships (docs/administration.md), written once for both databases
// (docs/server-layout.md, the table seam): invitations, each user's own profile and last sign-in, and a
// user's stored record with every organisation they belong to (ADMIN1).

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

export interface AccountTables {
  createInvitation(invitation: InvitationRecord): Promise<void>;
  getInvitation(id: string): Promise<InvitationRecord | null>;
  /** Marks an invitation used; false when it was used already (single use, atomic). */
  redeemInvitation(id: string, userId: string, at: number): Promise<boolean>;
  /** Open (unused) invitations of an organisation, newest first. */
  listInvitations(orgId: string): Promise<InvitationRecord[]>;
  /**
   * INVITE1: withdraws the unused invitations of `email` in the organisation (revoked, or replaced by a new
   * one): their links then find no invitation. How many there were.
   */
  withdrawInvitations(orgId: string, email: string): Promise<number>;
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

export const accountSchemaSql = (t: SqlTypes): string => `
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
CREATE TABLE IF NOT EXISTS user_profiles (
  user_id TEXT PRIMARY KEY,
  profile TEXT NOT NULL,
  updated_at ${t.integer} NOT NULL
);
CREATE TABLE IF NOT EXISTS user_sign_ins (
  user_id TEXT PRIMARY KEY,
  last_at ${t.integer} NOT NULL
);
`;

const num = (v: unknown) => Number(v);
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

export const accountTables = (db: Db): AccountTables => ({
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
  async withdrawInvitations(orgId, email) {
    return db.run("DELETE FROM invitations WHERE org_id = ? AND email = ? AND used_at IS NULL", [
      orgId,
      email,
    ]);
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
});
