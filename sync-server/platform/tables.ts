import type { Db, SqlTypes } from "../storage/sql";

// The platform's tables (docs/administration.md), written once for both databases (docs/server-layout.md,
// the table seam): the organisations a superAdmin keeps, and the e-mail outbox outside production.

export interface OutboxRecord {
  id: string;
  createdAt: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

/** An organisation as the platform keeps it (docs/administration.md): the server's table, superAdmin writes. */
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

export interface PlatformTables {
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
  putOutbox(message: OutboxRecord): Promise<void>;
  /** Newest first. */
  listOutbox(limit: number): Promise<OutboxRecord[]>;
}

export const platformSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS organisations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  organization_type TEXT NOT NULL,
  parent_org_id TEXT,
  created_at ${t.integer} NOT NULL,
  updated_at ${t.integer} NOT NULL,
  disabled_at ${t.integer}
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
`;

const num = (v: unknown) => Number(v);
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

export const platformTables = (db: Db): PlatformTables => ({
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
});
