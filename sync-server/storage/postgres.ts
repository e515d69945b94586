import pg from "pg";
import { applicationTables } from "../applications/tables";
import { campaignTables } from "../campaigns/tables";
import { claimTables } from "../claims/tables";
import { nowMs } from "../clock";
import { historyTables } from "../history/tables";
import { identityTables } from "../identity/tables";
import { memberTables } from "../members/tables";
import { partnerTables } from "../partner/tables";
import { platformTables } from "../platform/tables";
import { sessionTables } from "../session/tables";
import { settingTables } from "../settings/tables";
import { VIOLATION_GROUP_INDEX, violationGroupColumns, violationTables } from "../violations/tables";
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
import { updateAuthor } from "./authors";
import { mergeStates } from "./rows";
import { schemaSql } from "./schema";
import { checkSchemaName, withSchemaLock } from "./schema-lock";
import { type Db, POSTGRES_TYPES, postgresDb, toPostgresPlaceholders } from "./sql";
import type { CompactionCover, MergeStates, Storage, StoredDocument } from "./types";

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

  // --- The resources' tables, on this database's runner (sql.ts; docs/server-layout.md) ---
  private readonly sql: Db = postgresDb((text, values) => this.pool.query(text, values));
  readonly members = memberTables(this.sql);
  readonly claims = claimTables(this.sql);
  readonly violations = violationTables(this.sql);
  readonly settings = settingTables(this.sql);
  readonly history = historyTables(this.sql);
  readonly sessions = sessionTables(this.sql);
  readonly platform = platformTables(this.sql);
  readonly identity = identityTables(this.sql);
  readonly campaigns = campaignTables(this.sql);
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

  // --- Document history for restore (docs/hardening.md; archive-tables.ts) ---

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

  async close(): Promise<void> {
    await this.pool.end();
  }
}
