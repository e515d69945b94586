import type { Db, SqlTypes } from "../storage/sql";

// The embedded identity provider's invited users (development and test; docs/administration.md), written
// once for both databases (docs/server-layout.md, the table seam).

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

export interface IdentityTables {
  /** Adds or replaces an invited user of the embedded identity provider (outside production). */
  putIdentityUser(user: IdentityUserRecord): Promise<void>;
  /** The embedded identity provider's invited users, oldest first. */
  listIdentityUsers(): Promise<IdentityUserRecord[]>;
}

export const identitySchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS identity_users (
  sub TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL,
  org_id TEXT NOT NULL,
  customer_id TEXT,
  created_at ${t.integer} NOT NULL
);
`;

const num = (v: unknown) => Number(v);

export const identityTables = (db: Db): IdentityTables => ({
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
});
