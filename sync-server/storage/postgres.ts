import pg from "pg";
import type { Subject } from "../../shared/access/documents";
import { isRole, type Role } from "../../shared/access/roles";
import { applicationTables } from "../applications/tables";
import { campaignTables } from "../campaigns/tables";
import { nowMs } from "../clock";
import { partnerTables } from "../partner-api/tables";
import { adminTables } from "./admin-tables";
import {
  type ArchiveRow,
  archivedUpdate,
  type DocumentArchive,
  type FoldArchive,
  foldUpdates,
  keepsHistory,
  READ_ARCHIVE_SQL,
  UNTIL_NOW,
} from "./archive-tables";
import {
  ATTACHMENT_COLUMNS,
  type AttachmentRow,
  attachmentRecord,
  attachmentValues,
  ORG_ATTACHMENT_BYTES_SQL,
} from "./attachment-rows";
import { updateAuthor } from "./authors";
import { groupMembers, type HistoryRow, historyRecord, mergeStates } from "./rows";
import { schemaSql } from "./schema";
import { checkSchemaName, withSchemaLock } from "./schema-lock";
import { type Db, POSTGRES_TYPES, postgresDb, toPostgresPlaceholders } from "./sql";
import type {
  AttachmentRecord,
  CompactionCover,
  HistoryEntry,
  HistoryFilter,
  HistoryRecord,
  MemberRecord,
  MergeStates,
  SessionRevocation,
  Storage,
  StoredDocument,
  UserRecord,
} from "./types";
import { VIOLATION_GROUP_INDEX, violationGroupColumns, violationTables } from "./violation-tables";

export interface PostgresStorageOptions {
  connectionString: string;
  /** A PostgreSQL schema to keep the tables in (created when missing); default `public`. */
  schema?: string;
}

const bytes = (value: Buffer): Uint8Array => new Uint8Array(value.buffer, value.byteOffset, value.byteLength);

/** PostgreSQL through `pg`: the same tables as SQLite. Each append commits before it returns. */
export class PostgresStorage implements Storage {
  readonly kind = "postgres" as const;
  private constructor(private readonly pool: pg.Pool) {}

  // --- The resources' tables, on this database's runner (sql.ts) ---
  private readonly sql: Db = postgresDb((text, values) => this.pool.query(text, values));
  readonly admin = adminTables(this.sql);
  readonly campaigns = campaignTables(this.sql);
  private readonly violations = violationTables(this.sql);
  // Refused writes stay methods of Storage itself (the sync write path calls them).
  readonly recordViolation: Storage["recordViolation"] = (v) => this.violations.recordViolation(v);
  readonly listViolations: Storage["listViolations"] = (f) => this.violations.listViolations(f);
  readonly applications = applicationTables(this.sql);
  readonly partner = partnerTables(this.sql);

  static async open(options: PostgresStorageOptions): Promise<PostgresStorage> {
    const schema = checkSchemaName(options.schema ?? "public");
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      options: `-c search_path=${schema}`,
      max: 10,
    });
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    try {
      await withSchemaLock(pool, schema, async (client) => {
        await client.query(schemaSql(POSTGRES_TYPES));
        await client.query("ALTER TABLE document_updates ADD COLUMN IF NOT EXISTS user_id TEXT");
        for (const [column, type] of violationGroupColumns(POSTGRES_TYPES)) {
          await client.query(`ALTER TABLE sync_violations ADD COLUMN IF NOT EXISTS ${column} ${type}`);
        }
        await client.query(VIOLATION_GROUP_INDEX);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresStorage(pool);
  }

  async loadDocument(name: string): Promise<StoredDocument> {
    const state = await this.pool.query<{ state: Buffer }>("SELECT state FROM documents WHERE name = $1", [
      name,
    ]);
    const updates = await this.pool.query<{ seq: string; update_data: Buffer }>(
      "SELECT seq, update_data FROM document_updates WHERE name = $1 ORDER BY seq",
      [name],
    );
    return {
      state: state.rows[0] ? bytes(state.rows[0].state) : null,
      updates: updates.rows.map((u) => ({ seq: Number(u.seq), update: bytes(u.update_data) })),
    };
  }

  async appendUpdate(
    name: string,
    update: Uint8Array,
    instanceId: string,
    author: string | null = updateAuthor(update),
  ): Promise<number> {
    const result = await this.pool.query<{ seq: string }>(
      "INSERT INTO document_updates (name, instance_id, user_id, update_data, received_at) VALUES ($1, $2, $3, $4, $5) RETURNING seq",
      [name, instanceId, author, Buffer.from(update), nowMs()],
    );
    return Number(result.rows[0]?.seq);
  }

  async compactDocument(
    name: string,
    state: Uint8Array,
    covered: CompactionCover,
    merge?: MergeStates,
  ): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // Serialise compactions of one document across instances.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [name]);
      const row = await client.query<{ state: Buffer }>("SELECT state FROM documents WHERE name = $1", [
        name,
      ]);
      const stored = row.rows[0] ? bytes(row.rows[0].state) : null;
      const merged = merge ? merge(stored) : mergeStates(stored, state);
      await client.query(
        "INSERT INTO documents (name, state, updated_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
        [name, Buffer.from(merged), nowMs()],
      );
      // The entries the state now holds move to the document's history (archive-tables.ts); the
      // history's base is the state stored before its first archived entry.
      const archive = keepsHistory(name);
      const moved = await client.query<{ moved: string }>(
        archive
          ? "WITH moved AS (DELETE FROM document_updates WHERE name = $1 AND ((instance_id = $2 AND seq <= $3) OR seq <= $4) RETURNING seq, name, user_id, update_data, received_at), kept AS (INSERT INTO document_archive (seq, name, user_id, update_data, received_at) SELECT seq, name, user_id, update_data, received_at FROM moved ON CONFLICT (seq) DO NOTHING RETURNING 1) SELECT count(*) AS moved FROM kept"
          : "WITH moved AS (DELETE FROM document_updates WHERE name = $1 AND ((instance_id = $2 AND seq <= $3) OR seq <= $4) RETURNING seq) SELECT 0 AS moved",
        [name, covered.instanceId, covered.throughSeq, covered.loadedThroughSeq],
      );
      if (Number(moved.rows[0]?.moved ?? 0) > 0) {
        await client.query(
          "INSERT INTO document_archive_base (name, state, since) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          [name, row.rows[0]?.state ?? null, stored ? nowMs() : 0],
        );
      }
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  // --- Document history for restore (issue 16 §4; archive-tables.ts) ---

  async readArchive(name: string, until: number = UNTIL_NOW): Promise<DocumentArchive> {
    const base = await this.pool.query<{ state: Buffer | null; since: string }>(
      "SELECT state, since FROM document_archive_base WHERE name = $1",
      [name],
    );
    const rows = await this.pool.query<ArchiveRow & { update_data: Buffer }>(
      toPostgresPlaceholders(READ_ARCHIVE_SQL),
      [name, until, name, until],
    );
    const found = base.rows[0];
    return {
      base: found ? { state: found.state && bytes(found.state), since: Number(found.since) } : null,
      updates: rows.rows.map((r) => archivedUpdate(r, (v) => bytes(v as Buffer))),
    };
  }

  async pruneArchive(before: number, fold: FoldArchive = foldUpdates): Promise<number> {
    const names = await this.pool.query<{ name: string }>(
      "SELECT DISTINCT name FROM document_archive WHERE received_at < $1 ORDER BY name",
      [before],
    );
    let folded = 0;
    for (const { name } of names.rows) {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN");
        // The same lock as compaction: the two never interleave on one document.
        await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [name]);
        const base = await client.query<{ state: Buffer | null }>(
          "SELECT state FROM document_archive_base WHERE name = $1",
          [name],
        );
        const rows = await client.query<{ update_data: Buffer }>(
          "SELECT update_data FROM document_archive WHERE name = $1 AND received_at < $2 ORDER BY received_at, seq",
          [name, before],
        );
        const stored = base.rows[0]?.state;
        const state = fold(
          name,
          stored ? bytes(stored) : null,
          rows.rows.map((r) => bytes(r.update_data)),
        );
        await client.query(
          "INSERT INTO document_archive_base (name, state, since) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET state = excluded.state, since = excluded.since",
          [name, Buffer.from(state), before],
        );
        await client.query("DELETE FROM document_archive WHERE name = $1 AND received_at < $2", [
          name,
          before,
        ]);
        await client.query("COMMIT");
        folded += rows.rows.length;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    }
    return folded;
  }
  // --- end of document history ---

  async listDocuments(prefix: string): Promise<string[]> {
    const result = await this.pool.query<{ name: string }>(
      "SELECT name FROM documents WHERE left(name, length($1)) = $1 UNION SELECT name FROM document_updates WHERE left(name, length($1)) = $1 ORDER BY name",
      [prefix],
    );
    return result.rows.map((r) => r.name);
  }

  async upsertUser(user: UserRecord): Promise<void> {
    await this.pool.query(
      "INSERT INTO users (id, email, name) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name",
      [user.id, user.email, user.name],
    );
  }

  async addMembership(userId: string, orgId: string, role: Role): Promise<void> {
    await this.pool.query(
      "INSERT INTO org_memberships (user_id, org_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      [userId, orgId, role],
    );
  }

  async removeMembership(userId: string, orgId: string, role: Role): Promise<void> {
    await this.pool.query("DELETE FROM org_memberships WHERE user_id = $1 AND org_id = $2 AND role = $3", [
      userId,
      orgId,
      role,
    ]);
  }

  async linkCustomer(userId: string, orgId: string, customerId: string): Promise<void> {
    await this.pool.query(
      "INSERT INTO customer_links (user_id, org_id, customer_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      [userId, orgId, customerId],
    );
  }

  async loadSubject(userId: string): Promise<Subject> {
    const memberships = await this.pool.query<{ org_id: string; role: string }>(
      "SELECT org_id, role FROM org_memberships WHERE user_id = $1 ORDER BY org_id, role",
      [userId],
    );
    const links = await this.pool.query<{ org_id: string; customer_id: string }>(
      "SELECT org_id, customer_id FROM customer_links WHERE user_id = $1 ORDER BY org_id, customer_id",
      [userId],
    );
    return {
      userId,
      memberships: memberships.rows.flatMap((m) =>
        isRole(m.role) ? [{ orgId: m.org_id, role: m.role }] : [],
      ),
      customerLinks: links.rows.map((l) => ({ orgId: l.org_id, customerId: l.customer_id })),
    };
  }

  async listMembers(orgId: string): Promise<MemberRecord[]> {
    const result = await this.pool.query<{
      id: string;
      email: string | null;
      name: string | null;
      role: string;
    }>(
      'SELECT u.id, u.email, u.name, m.role FROM org_memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1 ORDER BY u.id COLLATE "C", m.role COLLATE "C"',
      [orgId],
    );
    return groupMembers(result.rows);
  }

  async setClaimCustomer(orgId: string, claimId: string, customerId: string | null): Promise<void> {
    if (customerId === null) {
      await this.pool.query("DELETE FROM claim_links WHERE org_id = $1 AND claim_id = $2", [orgId, claimId]);
      return;
    }
    await this.pool.query(
      "INSERT INTO claim_links (org_id, claim_id, customer_id) VALUES ($1, $2, $3) ON CONFLICT (org_id, claim_id) DO UPDATE SET customer_id = excluded.customer_id",
      [orgId, claimId, customerId],
    );
  }

  async getClaimCustomer(orgId: string, claimId: string): Promise<string | null> {
    const result = await this.pool.query<{ customer_id: string }>(
      "SELECT customer_id FROM claim_links WHERE org_id = $1 AND claim_id = $2",
      [orgId, claimId],
    );
    return result.rows[0]?.customer_id ?? null;
  }

  async claimMarker(key: string): Promise<boolean> {
    const result = await this.pool.query("INSERT INTO markers (key) VALUES ($1) ON CONFLICT DO NOTHING", [
      key,
    ]);
    return result.rowCount === 1;
  }

  // --- Session revocation (issue 16 §3) ---
  async revokeSessions(r: SessionRevocation): Promise<void> {
    await this.pool.query(
      "INSERT INTO session_revocations (kind, key, user_id, at, expires_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (kind, key) DO UPDATE SET at = GREATEST(session_revocations.at, excluded.at), expires_at = GREATEST(session_revocations.expires_at, excluded.expires_at)",
      [r.kind, r.key, r.userId, r.at, r.expiresAt],
    );
  }

  async listRevocations(now: number): Promise<SessionRevocation[]> {
    const result = await this.pool.query<{
      kind: SessionRevocation["kind"];
      key: string;
      user_id: string;
      at: string;
      expires_at: string;
    }>(
      "SELECT kind, key, user_id, at, expires_at FROM session_revocations WHERE expires_at > $1 ORDER BY kind, key",
      [now],
    );
    return result.rows.map((r) => ({
      kind: r.kind,
      key: r.key,
      userId: r.user_id,
      at: Number(r.at),
      expiresAt: Number(r.expires_at),
    }));
  }
  // --- end of session revocation ---

  // --- Record history and settings (issue 10) ---

  async appendHistory(entries: readonly HistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    // One statement for the batch: one array per column.
    await this.pool.query(
      "INSERT INTO record_history (document_name, section, record_key, action, fields, user_id, at) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])",
      [
        entries.map((e) => e.documentName),
        entries.map((e) => e.section),
        entries.map((e) => e.recordKey),
        entries.map((e) => e.action),
        entries.map((e) => JSON.stringify(e.fields)),
        entries.map((e) => e.userId),
        entries.map((e) => e.at),
      ],
    );
  }

  async listHistory(filter: HistoryFilter): Promise<HistoryRecord[]> {
    if (filter.documentNames.length === 0) return [];
    const result = await this.pool.query<HistoryRow>(
      "SELECT h.id, h.document_name, h.section, h.record_key, h.action, h.fields, h.user_id, h.at, u.email, u.name FROM record_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.document_name = ANY($1::text[]) AND ($2::text IS NULL OR h.record_key = $2 OR (h.section = 'taxIds' AND left(h.record_key, length($2) + 1) = $2 || '.')) ORDER BY h.at DESC, h.id DESC LIMIT $3",
      [filter.documentNames, filter.recordKey ?? null, filter.limit ?? 100],
    );
    return result.rows.map(historyRecord);
  }

  async claimSetting(key: string, value: string): Promise<string> {
    await this.pool.query("INSERT INTO server_settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
      key,
      value,
    ]);
    const result = await this.pool.query<{ value: string }>(
      "SELECT value FROM server_settings WHERE key = $1",
      [key],
    );
    return result.rows[0]?.value as string;
  }

  // --- end of record history and settings ---

  // --- Claim attachments (issue 11) ---

  async putAttachment(record: AttachmentRecord, content: Uint8Array): Promise<AttachmentRecord> {
    await this.pool.query(
      `INSERT INTO claim_attachments (${ATTACHMENT_COLUMNS}, content) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [...attachmentValues(record), Buffer.from(content)],
    );
    const result = await this.pool.query<AttachmentRow>(
      `SELECT ${ATTACHMENT_COLUMNS} FROM claim_attachments WHERE org_id = $1 AND claim_id = $2 AND id = $3`,
      [record.orgId, record.claimId, record.id],
    );
    return attachmentRecord(result.rows[0] as AttachmentRow);
  }

  async getAttachment(
    orgId: string,
    claimId: string,
    id: string,
  ): Promise<{ record: AttachmentRecord; content: Uint8Array } | null> {
    const result = await this.pool.query<AttachmentRow & { content: Buffer }>(
      `SELECT ${ATTACHMENT_COLUMNS}, content FROM claim_attachments WHERE org_id = $1 AND claim_id = $2 AND id = $3`,
      [orgId, claimId, id],
    );
    const row = result.rows[0];
    return row ? { record: attachmentRecord(row), content: bytes(row.content) } : null;
  }

  async listAttachments(orgId: string, claimId: string): Promise<AttachmentRecord[]> {
    const result = await this.pool.query<AttachmentRow>(
      `SELECT ${ATTACHMENT_COLUMNS} FROM claim_attachments WHERE org_id = $1 AND claim_id = $2 ORDER BY uploaded_at, id`,
      [orgId, claimId],
    );
    return result.rows.map(attachmentRecord);
  }

  async orgAttachmentBytes(orgId: string): Promise<number> {
    const result = await this.pool.query<{ bytes: string }>(
      toPostgresPlaceholders(ORG_ATTACHMENT_BYTES_SQL),
      [orgId],
    );
    return Number(result.rows[0]?.bytes ?? 0);
  }

  // --- end of claim attachments ---

  async close(): Promise<void> {
    await this.pool.end();
  }
}
