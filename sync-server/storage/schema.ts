import { applicationsSchemaSql } from "../applications/tables";
import { campaignSchemaSql } from "../campaigns/tables";
import { claimSchemaSql } from "../claims/tables";
import { historySchemaSql } from "../history/tables";
import { identitySchemaSql } from "../identity/tables";
import { memberSchemaSql } from "../members/tables";
import { partnerSchemaSql } from "../partner/tables";
import { platformSchemaSql } from "../platform/tables";
import { sessionSchemaSql } from "../session/tables";
import { settingSchemaSql } from "../settings/tables";
import { violationSchemaSql } from "../violations/tables";
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
${memberSchemaSql(t)}
${claimSchemaSql(t)}
${violationSchemaSql(t)}
${settingSchemaSql(t)}
${historySchemaSql(t)}
${sessionSchemaSql(t)}
${platformSchemaSql(t)}
${identitySchemaSql(t)}
-- Quote campaigns (docs/campaigns.md; sync-server/campaigns/tables.ts): send log, opt-outs, SMS outbox.
${campaignSchemaSql(t)}
-- Applications and the partner API (docs/applications.md).
${applicationsSchemaSql(t)}
${partnerSchemaSql(t)}
-- Document history for restore (docs/hardening.md; archive-tables.ts).
${archiveSchemaSql(t)}`;
