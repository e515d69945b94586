import type { AttachmentRecord } from "./types";

// Rows of the `claim_attachments` table (issue 11), the same for SQLite and PostgreSQL.

export const ATTACHMENT_COLUMNS =
  "org_id, claim_id, id, name, content_type, size, sha256, uploaded_by, uploaded_at";

export interface AttachmentRow {
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

export const attachmentRecord = (row: AttachmentRow): AttachmentRecord => ({
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

/** The bytes an organisation's attachments take (ATTACH2: the organisation's cap), as `bytes`. */
export const ORG_ATTACHMENT_BYTES_SQL =
  "SELECT COALESCE(SUM(size), 0) AS bytes FROM claim_attachments WHERE org_id = ?";

export const attachmentValues = (r: AttachmentRecord) =>
  [r.orgId, r.claimId, r.id, r.name, r.contentType, r.size, r.sha256, r.uploadedBy, r.uploadedAt] as const;
