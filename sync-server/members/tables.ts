import type { Subject } from "../../shared/access/documents";
import { isRole, type Role } from "../../shared/access/roles";
import type { Db, SqlTypes } from "../storage/sql";
import type { MemberRecord, UserRecord } from "../storage/types";
import { type AccountTables, accountSchemaSql, accountTables } from "./account-tables";

// The users the server knows (and their accounts: account-tables.ts), their roles in organisations and their links to customer records, written
// once for both databases (docs/server-layout.md, the table seam). The roles here are what every access
// decision reads (ACL11), never a token's claims.

export interface MemberTables extends AccountTables {
  upsertUser(user: UserRecord): Promise<void>;
  addMembership(userId: string, orgId: string, role: Role): Promise<void>;
  removeMembership(userId: string, orgId: string, role: Role): Promise<void>;
  linkCustomer(userId: string, orgId: string, customerId: string): Promise<void>;
  /** Memberships and customer links of a user (empty lists for an unknown user). */
  loadSubject(userId: string): Promise<Subject>;
  /** The members of an organisation with their roles, sorted by user id (byte order). */
  listMembers(orgId: string): Promise<MemberRecord[]>;
}

export const memberSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT,
  name TEXT
);
CREATE TABLE IF NOT EXISTS org_memberships (
  user_id TEXT NOT NULL REFERENCES users (id),
  org_id TEXT NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (user_id, org_id, role)
);
CREATE TABLE IF NOT EXISTS customer_links (
  user_id TEXT NOT NULL REFERENCES users (id),
  org_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  PRIMARY KEY (user_id, org_id, customer_id)
);
${accountSchemaSql(t)}`;

interface MemberRow {
  id: string;
  email: string | null;
  name: string | null;
  role: string;
}

/** Folds one row per (user, role) into one member per user. */
function groupMembers(rows: readonly MemberRow[]): MemberRecord[] {
  const members = new Map<string, MemberRecord>();
  for (const row of rows) {
    const member = members.get(row.id) ?? { id: row.id, email: row.email, name: row.name, roles: [] };
    if (isRole(row.role)) member.roles.push(row.role);
    members.set(row.id, member);
  }
  return [...members.values()];
}

export function memberTables(db: Db): MemberTables {
  // Ids sort in byte order on both databases (SQLite's default; PostgreSQL's collation "C").
  const byBytes = db.dialect.name === "postgres" ? ' COLLATE "C"' : "";
  return {
    ...accountTables(db),
    async upsertUser(user) {
      await db.run(
        "INSERT INTO users (id, email, name) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name",
        [user.id, user.email, user.name],
      );
    },
    async addMembership(userId, orgId, role) {
      await db.run(
        "INSERT INTO org_memberships (user_id, org_id, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [userId, orgId, role],
      );
    },
    async removeMembership(userId, orgId, role) {
      await db.run("DELETE FROM org_memberships WHERE user_id = ? AND org_id = ? AND role = ?", [
        userId,
        orgId,
        role,
      ]);
    },
    async linkCustomer(userId, orgId, customerId) {
      await db.run(
        "INSERT INTO customer_links (user_id, org_id, customer_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        [userId, orgId, customerId],
      );
    },
    async loadSubject(userId) {
      const memberships = await db.all<{ org_id: string; role: string }>(
        "SELECT org_id, role FROM org_memberships WHERE user_id = ? ORDER BY org_id, role",
        [userId],
      );
      const links = await db.all<{ org_id: string; customer_id: string }>(
        "SELECT org_id, customer_id FROM customer_links WHERE user_id = ? ORDER BY org_id, customer_id",
        [userId],
      );
      return {
        userId,
        memberships: memberships.flatMap((m) => (isRole(m.role) ? [{ orgId: m.org_id, role: m.role }] : [])),
        customerLinks: links.map((l) => ({ orgId: l.org_id, customerId: l.customer_id })),
      };
    },
    async listMembers(orgId) {
      const rows = await db.all<MemberRow>(
        `SELECT u.id, u.email, u.name, m.role FROM org_memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.id${byBytes}, m.role${byBytes}`,
        [orgId],
      );
      return groupMembers(rows);
    },
  };
}
