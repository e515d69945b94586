import type { Db, SqlTypes } from "../storage/sql";
import type { AttachmentRecord } from "../storage/types";

// A claim's tables, written once for both databases (docs/server-layout.md, the table seam): which
// customer a claim is about (the claim's readers, docs/claims.md) and the files attached to it (ATTACH1,
// ATTACH2). The bytes come here as the storage is given them (sealed by storage/encryption.ts).

export interface ClaimTables {
  setClaimCustomer(orgId: string, claimId: string, customerId: string | null): Promise<void>;
  getClaimCustomer(orgId: string, claimId: string): Promise<string | null>;
  /**
   * Stores an attachment unless one with its id exists: returns the stored record (the existing one
   * when the id was taken: the caller compares its sha256 to tell a retry from a clash).
   */
  putAttachment(record: AttachmentRecord, content: Uint8Array): Promise<AttachmentRecord>;
  /** One attachment with its bytes; null when the claim has none with that id. */
  getAttachment(
    orgId: string,
    claimId: string,
    id: string,
  ): Promise<{ record: AttachmentRecord; content: Uint8Array } | null>;
  /** A claim's attachments (no bytes), oldest first. */
  listAttachments(orgId: string, claimId: string): Promise<AttachmentRecord[]>;
  /** The bytes all attachments of an organisation take (ATTACH2: the organisation's cap). */
  orgAttachmentBytes(orgId: string): Promise<number>;
}

export const claimSchemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS claim_links (
  org_id TEXT NOT NULL,
  claim_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  PRIMARY KEY (org_id, claim_id)
);
-- Claim attachments (docs/claims.md): files the producer provides for a claim, at most 10 MB each.
CREATE TABLE IF NOT EXISTS claim_attachments (
  org_id TEXT NOT NULL,
  claim_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size ${t.integer} NOT NULL,
  sha256 TEXT NOT NULL,
  uploaded_by TEXT NOT NULL,
  uploaded_at ${t.integer} NOT NULL,
  content ${t.bytes} NOT NULL,
  PRIMARY KEY (org_id, claim_id, id)
);`;

const COLUMNS = "org_id, claim_id, id, name, content_type, size, sha256, uploaded_by, uploaded_at";
const ONE = "org_id = ? AND claim_id = ? AND id = ?";

interface AttachmentRow {
  org_id: string;
  claim_id: string;
  id: string;
  name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  uploaded_by: string;
  uploaded_at: number | string;
}

const attachmentRecord = (row: AttachmentRow): AttachmentRecord => ({
  orgId: row.org_id,
  claimId: row.claim_id,
  id: row.id,
  name: row.name,
  contentType: row.content_type,
  size: Number(row.size),
  sha256: row.sha256,
  uploadedBy: row.uploaded_by,
  uploadedAt: Number(row.uploaded_at),
});

export const claimTables = (db: Db): ClaimTables => ({
  async setClaimCustomer(orgId, claimId, customerId) {
    if (customerId === null) {
      await db.run("DELETE FROM claim_links WHERE org_id = ? AND claim_id = ?", [orgId, claimId]);
      return;
    }
    await db.run(
      "INSERT INTO claim_links (org_id, claim_id, customer_id) VALUES (?, ?, ?) ON CONFLICT (org_id, claim_id) DO UPDATE SET customer_id = excluded.customer_id",
      [orgId, claimId, customerId],
    );
  },

  async getClaimCustomer(orgId, claimId) {
    const [row] = await db.all<{ customer_id: string }>(
      "SELECT customer_id FROM claim_links WHERE org_id = ? AND claim_id = ?",
      [orgId, claimId],
    );
    return row?.customer_id ?? null;
  },

  async putAttachment(r, content) {
    await db.run(
      `INSERT INTO claim_attachments (${COLUMNS}, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        r.orgId,
        r.claimId,
        r.id,
        r.name,
        r.contentType,
        r.size,
        r.sha256,
        r.uploadedBy,
        r.uploadedAt,
        content,
      ],
    );
    const [row] = await db.all<AttachmentRow>(`SELECT ${COLUMNS} FROM claim_attachments WHERE ${ONE}`, [
      r.orgId,
      r.claimId,
      r.id,
    ]);
    return attachmentRecord(row as AttachmentRow);
  },

  async getAttachment(orgId, claimId, id) {
    const [row] = await db.all<AttachmentRow & { content: Uint8Array }>(
      `SELECT ${COLUMNS}, content FROM claim_attachments WHERE ${ONE}`,
      [orgId, claimId, id],
    );
    return row ? { record: attachmentRecord(row), content: new Uint8Array(row.content) } : null;
  },

  async listAttachments(orgId, claimId) {
    const rows = await db.all<AttachmentRow>(
      `SELECT ${COLUMNS} FROM claim_attachments WHERE org_id = ? AND claim_id = ? ORDER BY uploaded_at, id`,
      [orgId, claimId],
    );
    return rows.map(attachmentRecord);
  },

  async orgAttachmentBytes(orgId) {
    const [row] = await db.all<{ bytes: number | string }>(
      "SELECT COALESCE(SUM(size), 0) AS bytes FROM claim_attachments WHERE org_id = ?",
      [orgId],
    );
    return Number(row?.bytes ?? 0);
  },
});
