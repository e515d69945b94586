import { applicationsSchemaSql } from "../applications/tables";
import { campaignSchemaSql } from "../campaigns/tables";
import { partnerSchemaSql } from "../partner-api/tables";
import { adminSchemaSql } from "./admin-tables";
import { archiveSchemaSql } from "./archive-tables";
import type { SqlTypes } from "./sql";

// The tables of one Storage, once for both databases: only the column types differ by dialect.

export const schemaSql = (t: SqlTypes): string => `
CREATE TABLE IF NOT EXISTS documents (
  name TEXT PRIMARY KEY,
  state ${t.bytes} NOT NULL,
  updated_at ${t.integer} NOT NULL
);
CREATE TABLE IF NOT EXISTS document_updates (
  seq ${t.serialKey},
  name TEXT NOT NULL,
  instance_id TEXT NOT NULL,
  update_data ${t.bytes} NOT NULL,
  received_at ${t.integer} NOT NULL
);
CREATE INDEX IF NOT EXISTS document_updates_by_name ON document_updates (name, seq);
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
CREATE TABLE IF NOT EXISTS claim_links (
  org_id TEXT NOT NULL,
  claim_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  PRIMARY KEY (org_id, claim_id)
);
CREATE TABLE IF NOT EXISTS sync_violations (
  id ${t.serialKey},
  document_name TEXT NOT NULL,
  user_id TEXT,
  at ${t.integer} NOT NULL,
  issues TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS markers (
  key TEXT PRIMARY KEY
);
-- Record history (issue 10 §4, rule AUDIT1): one row per record an accepted client write touched.
CREATE TABLE IF NOT EXISTS record_history (
  id ${t.serialKey},
  document_name TEXT NOT NULL,
  section TEXT NOT NULL,
  record_key TEXT NOT NULL,
  action TEXT NOT NULL,
  fields TEXT NOT NULL,
  user_id TEXT NOT NULL,
  at ${t.integer} NOT NULL
);
CREATE INDEX IF NOT EXISTS record_history_by_record ON record_history (document_name, record_key, at);
-- Server settings set once (issue 10 §3: the data encryption key's fingerprint).
CREATE TABLE IF NOT EXISTS server_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- Session revocation (issue 16 §3): sign-out and "sign out on all devices".
CREATE TABLE IF NOT EXISTS session_revocations (
  kind TEXT NOT NULL,
  key TEXT NOT NULL,
  user_id TEXT NOT NULL,
  at ${t.integer} NOT NULL,
  expires_at ${t.integer} NOT NULL,
  PRIMARY KEY (kind, key)
);
-- Claim attachments (issue 11 §2): files the producer provides for a claim, at most 10 MB each.
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
);
-- Administration (issue 13; admin-tables.ts): secrets, logos, audit, invitations, outbox, sign-ins.
${adminSchemaSql(t)}
-- Quote campaigns (issue 12; sync-server/campaigns/tables.ts): send log, opt-outs, SMS outbox.
${campaignSchemaSql(t)}
-- Applications and the partner API (issue 14).
${applicationsSchemaSql(t)}
${partnerSchemaSql(t)}
-- Document history for restore (issue 16 §4; archive-tables.ts).
${archiveSchemaSql(t)}`;
