import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
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
  LOG_AUTHOR_COLUMN,
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
import { type Db, SQLITE_TYPES, sqliteDb } from "./sql";
import { SqliteCheckpointer } from "./sqlite-checkpointer";
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
import { type LoggedUpdate, UpdateLogFile } from "./update-log-file";
import { VIOLATION_GROUP_INDEX, violationGroupColumns, violationTables } from "./violation-tables";

/**
 * The log file's records move into the table at the latest after this long, or once this many wait.
 * Most never get there: a compaction of their document archives them straight from memory first.
 */
const FLUSH_EVERY_MS = 60_000;
const FLUSH_FROM_RECORDS = 20_000;

const bytes = (value: unknown): Uint8Array => new Uint8Array(value as Uint8Array);

/**
 * SQLite through Node's built-in node:sqlite, one file, WAL, with a write-ahead file for client updates
 * beside it (`<file>-updates`, update-log-file.ts). An appended update is written to that file before
 * appendUpdate's promise resolves, so it survives a crash or kill of the server process. Most records
 * leave the file when a compaction of their document archives them; the others move into the
 * `document_updates` table in one transaction within a minute (FLUSH_EVERY_MS), once 20,000 wait, and
 * before any read of the log; the file is emptied when none is left. Opening the storage moves what a
 * crash left in the file. A SQLite commit per update would cost several times the file write. Neither
 * the file nor the WAL (synchronous=NORMAL) is fsynced on every write, so an operating system crash or
 * power loss may lose the last updates; production runs PostgreSQL.
 */
export class SqliteStorage implements Storage {
  readonly kind = "sqlite" as const;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  /** Checkpoints the WAL off the event loop (absent for an in-memory database: one connection only). */
  private readonly checkpointer: SqliteCheckpointer | null = null;
  /** The write-ahead file of client updates (absent for an in-memory database: appends go straight in). */
  private readonly logFile: UpdateLogFile | null = null;
  /** Appended updates written to the log file and not yet in the table, in seq order. */
  private unflushed: LoggedUpdate[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  /** The seq of the next appended update: never one used before, even after compaction deleted it. */
  private nextSeq: number;

  // --- The resources' tables, on this database's runner (sql.ts) ---
  private readonly sql: Db = sqliteDb((sql) => this.statement(sql));
  readonly admin = adminTables(this.sql);
  readonly campaigns = campaignTables(this.sql);
  private readonly violations = violationTables(this.sql);
  // Refused writes stay methods of Storage itself (the sync write path calls them).
  readonly recordViolation: Storage["recordViolation"] = (v) => this.violations.recordViolation(v);
  readonly listViolations: Storage["listViolations"] = (f) => this.violations.listViolations(f);
  readonly applications = applicationTables(this.sql);
  readonly partner = partnerTables(this.sql);

  /** A prepared statement, compiled once per connection. */
  private statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;");
    this.db.exec("PRAGMA busy_timeout = 5000;");
    this.db.exec(schemaSql(SQLITE_TYPES));
    const logColumns = this.db.prepare("PRAGMA table_info(document_updates)").all() as { name: string }[];
    if (!logColumns.some((c) => c.name === "user_id")) this.db.exec(LOG_AUTHOR_COLUMN);
    const violationColumns = this.db.prepare("PRAGMA table_info(sync_violations)").all() as {
      name: string;
    }[];
    for (const [column, type] of violationGroupColumns(SQLITE_TYPES)) {
      if (!violationColumns.some((c) => c.name === column))
        this.db.exec(`ALTER TABLE sync_violations ADD COLUMN ${column} ${type}`);
    }
    this.db.exec(VIOLATION_GROUP_INDEX);
    if (file !== ":memory:") {
      // Checkpoints run in the checkpointer's worker, never inside a commit on the event loop.
      this.db.exec("PRAGMA wal_autocheckpoint = 0;");
      this.checkpointer = new SqliteCheckpointer(file, {
        log: (message) => console.warn(`[sqlite] ${message}`),
      });
      this.logFile = new UpdateLogFile(`${file}-updates`);
      const { records, droppedBytes } = this.logFile.read();
      if (droppedBytes > 0) {
        console.warn(
          `[sqlite] ${this.logFile.path}: dropped ${droppedBytes} bytes after ${records.length} whole update(s) (a write cut short by a crash)`,
        );
      }
      this.unflushed = records;
      this.flushLog();
    }
    const used = this.statement(
      "SELECT MAX(seq) AS seq FROM (SELECT seq FROM sqlite_sequence WHERE name = 'document_updates' UNION ALL SELECT MAX(seq) FROM document_updates UNION ALL SELECT MAX(seq) FROM document_archive)",
    ).get() as { seq: number | null };
    this.nextSeq = Number(used.seq ?? 0) + 1;
  }

  loadDocument(name: string): Promise<StoredDocument> {
    return this.exclusive(() => this.readDocument(name));
  }

  private readDocument(name: string): StoredDocument {
    this.flushLog(); // reads see every append so far
    const row = this.statement("SELECT state FROM documents WHERE name = ?").get(name) as
      | { state: Uint8Array }
      | undefined;
    const updates = this.statement(
      "SELECT seq, update_data FROM document_updates WHERE name = ? ORDER BY seq",
    ).all(name) as { seq: number; update_data: Uint8Array }[];
    return {
      state: row ? bytes(row.state) : null,
      updates: updates.map((u) => ({ seq: Number(u.seq), update: bytes(u.update_data) })),
    };
  }

  /**
   * An append is written to the log file at once, in the turn that asks for it, and its promise resolves
   * after that: a caller has its update on record before it goes on (STORE1). (Grouping the appends of
   * one turn of the event loop into one write, as until 2026-11-26, cost every client write a turn of
   * its own: the write waited for an immediate, and Hocuspocus's broadcast of the update, itself an
   * immediate, then waited for the next turn. A write to the file is a few microseconds; a turn is more.)
   */
  appendUpdate(
    name: string,
    update: Uint8Array,
    instanceId: string,
    author: string | null = updateAuthor(update),
  ): Promise<number> {
    if (!(update instanceof Uint8Array)) {
      return Promise.reject(
        new TypeError(`appending to the update log of ${name}: the update is not a Uint8Array`),
      );
    }
    const record = { seq: this.nextSeq++, name, instanceId, author, update, receivedAt: nowMs() };
    try {
      this.logFile?.append([record]);
    } catch (error) {
      return Promise.reject(error);
    }
    this.unflushed.push(record);
    // In memory (no log file) the table is the record; otherwise the records move there in a batch.
    if (!this.logFile) this.flushLog();
    else if (this.unflushed.length >= FLUSH_FROM_RECORDS) void this.exclusive(() => this.flushLog());
    else this.scheduleFlush();
    return Promise.resolve(record.seq);
  }

  /**
   * Moves the log file's records into the table in one transaction and empties the file. A record the
   * table refuses stays in the file and is retried, so nothing acknowledged is lost.
   */
  private flushLog(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const records = this.unflushed;
    if (records.length === 0) return;
    const insert = this.statement(
      "INSERT INTO document_updates (seq, name, instance_id, user_id, update_data, received_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING",
    );
    const run = (r: LoggedUpdate) =>
      insert.run(r.seq, r.name, r.instanceId, r.author ?? null, r.update, r.receivedAt);
    let kept: LoggedUpdate[] = [];
    try {
      this.transaction(() => records.forEach(run));
    } catch {
      // Rolled back: each record on its own, so one the table refuses does not hold back the others.
      kept = records.filter((record) => {
        try {
          run(record);
          return false;
        } catch (error) {
          console.warn(
            `[sqlite] update ${record.seq} of ${record.name} stays in the log file: ${(error as Error).message}`,
          );
          return true;
        }
      });
    }
    this.unflushed = kept;
    // A record the table refused stays live in the file; the others are settled.
    this.logFile?.settle(records.filter((record) => !kept.includes(record)).map((record) => record.seq));
    if (kept.length > 0) this.scheduleFlush();
  }

  /** Moves the log file's records into the table in about a second, unless that is already due. */
  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => void this.exclusive(() => this.flushLog()), FLUSH_EVERY_MS).unref();
  }

  /**
   * Runs `work` (synchronous database writes) holding the write lock shared with the checkpoint worker;
   * while a checkpoint holds it, waits without blocking the event loop.
   */
  private async exclusive<T>(work: () => T): Promise<T> {
    const checkpointer = this.checkpointer;
    if (!checkpointer) return work();
    while (!checkpointer.tryLock()) await new Promise((resolve) => setTimeout(resolve, 5));
    try {
      return work();
    } finally {
      checkpointer.unlock();
    }
  }

  /** Runs `work` in one write transaction (BEGIN IMMEDIATE … COMMIT, ROLLBACK on error). */
  private transaction<T>(work: () => T): T {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      this.db.exec("COMMIT");
      return result;
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  compactDocument(
    name: string,
    state: Uint8Array,
    covered: CompactionCover,
    merge?: MergeStates,
  ): Promise<void> {
    return this.exclusive(() => this.compact(name, state, covered, merge));
  }

  private compact(name: string, state: Uint8Array, covered: CompactionCover, merge?: MergeStates): void {
    // The document's logged updates not yet in the table go straight to its history (or nowhere: the
    // state holds them); the table's rows as before.
    const isCovered = (r: LoggedUpdate) =>
      r.name === name &&
      ((r.instanceId === covered.instanceId && r.seq <= covered.throughSeq) ||
        r.seq <= covered.loadedThroughSeq);
    const pending = this.unflushed.filter(isCovered);
    this.transaction(() => {
      const row = this.statement("SELECT state FROM documents WHERE name = ?").get(name) as
        | { state: Uint8Array }
        | undefined;
      const stored = row ? bytes(row.state) : null;
      const merged = merge ? merge(stored) : mergeStates(stored, state);
      this.statement(
        "INSERT INTO documents (name, state, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
      ).run(name, merged, nowMs());
      // The entries the state now holds move to the document's history (archive-tables.ts); the
      // history's base is the state stored before its first archived entry.
      const covers = "name = ? AND ((instance_id = ? AND seq <= ?) OR seq <= ?)";
      const bounds = [name, covered.instanceId, covered.throughSeq, covered.loadedThroughSeq] as const;
      let moved = 0;
      if (keepsHistory(name)) {
        moved += Number(
          this.statement(
            `INSERT INTO document_archive (seq, name, user_id, update_data, received_at) SELECT seq, name, user_id, update_data, received_at FROM document_updates WHERE ${covers} ON CONFLICT (seq) DO NOTHING`,
          ).run(...bounds).changes,
        );
        const archive = this.statement(
          "INSERT INTO document_archive (seq, name, user_id, update_data, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING",
        );
        for (const r of pending) {
          moved += Number(archive.run(r.seq, r.name, r.author ?? null, r.update, r.receivedAt).changes);
        }
      }
      if (moved > 0) {
        this.statement(
          "INSERT INTO document_archive_base (name, state, since) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
        ).run(name, stored, stored ? nowMs() : 0);
      }
      this.statement(`DELETE FROM document_updates WHERE ${covers}`).run(...bounds);
      if (pending.length > 0) this.keepSeqsUsed(Math.max(...pending.map((r) => r.seq)));
    });
    if (pending.length === 0) return;
    this.unflushed = this.unflushed.filter((r) => !isCovered(r));
    this.logFile?.settle(pending.map((r) => r.seq));
  }

  /** Records that seqs up to `seq` are used, for updates that never reached a table (STORE2). */
  private keepSeqsUsed(seq: number): void {
    const row = this.statement("SELECT seq FROM sqlite_sequence WHERE name = 'document_updates'").get() as
      | { seq: number }
      | undefined;
    if (!row)
      this.statement("INSERT INTO sqlite_sequence (name, seq) VALUES ('document_updates', ?)").run(seq);
    else if (Number(row.seq) < seq) {
      this.statement("UPDATE sqlite_sequence SET seq = ? WHERE name = 'document_updates'").run(seq);
    }
  }

  // --- Document history for restore (issue 16 §4; archive-tables.ts) ---

  readArchive(name: string, until: number = UNTIL_NOW): Promise<DocumentArchive> {
    return this.exclusive(() => {
      this.flushLog();
      const base = this.statement("SELECT state, since FROM document_archive_base WHERE name = ?").get(
        name,
      ) as { state: Uint8Array | null; since: number } | undefined;
      const rows = this.statement(READ_ARCHIVE_SQL).all(name, until, name, until) as unknown as ArchiveRow[];
      return {
        base: base ? { state: base.state && bytes(base.state), since: Number(base.since) } : null,
        updates: rows.map((r) => archivedUpdate(r, bytes)),
      };
    });
  }

  pruneArchive(before: number, fold: FoldArchive = foldUpdates): Promise<number> {
    return this.exclusive(() => {
      const names = this.statement(
        "SELECT DISTINCT name FROM document_archive WHERE received_at < ? ORDER BY name",
      ).all(before) as { name: string }[];
      let folded = 0;
      for (const { name } of names) {
        this.transaction(() => {
          const base = this.statement("SELECT state FROM document_archive_base WHERE name = ?").get(name) as
            | { state: Uint8Array | null }
            | undefined;
          const rows = this.statement(
            "SELECT update_data FROM document_archive WHERE name = ? AND received_at < ? ORDER BY received_at, seq",
          ).all(name, before) as { update_data: Uint8Array }[];
          const state = fold(
            name,
            base?.state ? bytes(base.state) : null,
            rows.map((r) => bytes(r.update_data)),
          );
          this.statement(
            "INSERT INTO document_archive_base (name, state, since) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET state = excluded.state, since = excluded.since",
          ).run(name, state, before);
          this.statement("DELETE FROM document_archive WHERE name = ? AND received_at < ?").run(name, before);
          folded += rows.length;
        });
      }
      return folded;
    });
  }
  // --- end of document history ---

  listDocuments(prefix: string): Promise<string[]> {
    return this.exclusive(() => {
      this.flushLog();
      const rows = this.statement(
        "SELECT name FROM documents WHERE substr(name, 1, length(?)) = ? UNION SELECT name FROM document_updates WHERE substr(name, 1, length(?)) = ? ORDER BY name",
      ).all(prefix, prefix, prefix, prefix) as { name: string }[];
      return rows.map((r) => r.name);
    });
  }

  async upsertUser(user: UserRecord): Promise<void> {
    this.statement(
      "INSERT INTO users (id, email, name) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name",
    ).run(user.id, user.email, user.name);
  }

  async addMembership(userId: string, orgId: string, role: Role): Promise<void> {
    this.statement(
      "INSERT INTO org_memberships (user_id, org_id, role) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    ).run(userId, orgId, role);
  }

  async removeMembership(userId: string, orgId: string, role: Role): Promise<void> {
    this.statement("DELETE FROM org_memberships WHERE user_id = ? AND org_id = ? AND role = ?").run(
      userId,
      orgId,
      role,
    );
  }

  async linkCustomer(userId: string, orgId: string, customerId: string): Promise<void> {
    this.statement(
      "INSERT INTO customer_links (user_id, org_id, customer_id) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    ).run(userId, orgId, customerId);
  }

  async loadSubject(userId: string): Promise<Subject> {
    const memberships = this.statement(
      "SELECT org_id, role FROM org_memberships WHERE user_id = ? ORDER BY org_id, role",
    ).all(userId) as { org_id: string; role: string }[];
    const links = this.statement(
      "SELECT org_id, customer_id FROM customer_links WHERE user_id = ? ORDER BY org_id, customer_id",
    ).all(userId) as { org_id: string; customer_id: string }[];
    return {
      userId,
      memberships: memberships.flatMap((m) => (isRole(m.role) ? [{ orgId: m.org_id, role: m.role }] : [])),
      customerLinks: links.map((l) => ({ orgId: l.org_id, customerId: l.customer_id })),
    };
  }

  async listMembers(orgId: string): Promise<MemberRecord[]> {
    const rows = this.statement(
      "SELECT u.id, u.email, u.name, m.role FROM org_memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.id, m.role",
    ).all(orgId) as { id: string; email: string | null; name: string | null; role: string }[];
    return groupMembers(rows);
  }

  async setClaimCustomer(orgId: string, claimId: string, customerId: string | null): Promise<void> {
    if (customerId === null) {
      this.statement("DELETE FROM claim_links WHERE org_id = ? AND claim_id = ?").run(orgId, claimId);
      return;
    }
    this.statement(
      "INSERT INTO claim_links (org_id, claim_id, customer_id) VALUES (?, ?, ?) ON CONFLICT (org_id, claim_id) DO UPDATE SET customer_id = excluded.customer_id",
    ).run(orgId, claimId, customerId);
  }

  async getClaimCustomer(orgId: string, claimId: string): Promise<string | null> {
    const row = this.statement("SELECT customer_id FROM claim_links WHERE org_id = ? AND claim_id = ?").get(
      orgId,
      claimId,
    ) as { customer_id: string } | undefined;
    return row?.customer_id ?? null;
  }

  async claimMarker(key: string): Promise<boolean> {
    const result = this.statement("INSERT INTO markers (key) VALUES (?) ON CONFLICT DO NOTHING").run(key);
    return Number(result.changes) === 1;
  }

  // --- Session revocation (issue 16 §3) ---
  async revokeSessions(r: SessionRevocation): Promise<void> {
    this.statement(
      "INSERT INTO session_revocations (kind, key, user_id, at, expires_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, key) DO UPDATE SET at = max(at, excluded.at), expires_at = max(expires_at, excluded.expires_at)",
    ).run(r.kind, r.key, r.userId, r.at, r.expiresAt);
  }

  async listRevocations(now: number): Promise<SessionRevocation[]> {
    const rows = this.statement(
      "SELECT kind, key, user_id, at, expires_at FROM session_revocations WHERE expires_at > ? ORDER BY kind, key",
    ).all(now) as {
      kind: SessionRevocation["kind"];
      key: string;
      user_id: string;
      at: number;
      expires_at: number;
    }[];
    return rows.map((r) => ({
      kind: r.kind,
      key: r.key,
      userId: r.user_id,
      at: Number(r.at),
      expiresAt: Number(r.expires_at),
    }));
  }
  // --- end of session revocation ---

  // --- Record history and settings (issue 10) ---

  appendHistory(entries: readonly HistoryEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return this.exclusive(() => {
      const insert = this.statement(
        "INSERT INTO record_history (document_name, section, record_key, action, fields, user_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      );
      this.transaction(() => {
        for (const e of entries)
          insert.run(
            e.documentName,
            e.section,
            e.recordKey,
            e.action,
            JSON.stringify(e.fields),
            e.userId,
            e.at,
          );
      });
    });
  }

  async listHistory(filter: HistoryFilter): Promise<HistoryRecord[]> {
    if (filter.documentNames.length === 0) return [];
    const names = filter.documentNames.map(() => "?").join(", ");
    const record = filter.recordKey ?? null;
    const rows = this.statement(
      `SELECT h.id, h.document_name, h.section, h.record_key, h.action, h.fields, h.user_id, h.at, u.email, u.name FROM record_history h LEFT JOIN users u ON u.id = h.user_id WHERE h.document_name IN (${names}) AND (? IS NULL OR h.record_key = ? OR (h.section = 'taxIds' AND substr(h.record_key, 1, length(?) + 1) = ? || '.')) ORDER BY h.at DESC, h.id DESC LIMIT ?`,
    ).all(
      ...filter.documentNames,
      record,
      record,
      record,
      record,
      filter.limit ?? 100,
    ) as unknown as HistoryRow[];
    return rows.map(historyRecord);
  }

  async claimSetting(key: string, value: string): Promise<string> {
    this.statement("INSERT INTO server_settings (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING").run(
      key,
      value,
    );
    const row = this.statement("SELECT value FROM server_settings WHERE key = ?").get(key) as {
      value: string;
    };
    return row.value;
  }
  // --- Claim attachments (issue 11) ---

  async putAttachment(record: AttachmentRecord, content: Uint8Array): Promise<AttachmentRecord> {
    this.statement(
      `INSERT INTO claim_attachments (${ATTACHMENT_COLUMNS}, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ).run(...attachmentValues(record), content);
    const row = this.statement(
      `SELECT ${ATTACHMENT_COLUMNS} FROM claim_attachments WHERE org_id = ? AND claim_id = ? AND id = ?`,
    ).get(record.orgId, record.claimId, record.id) as unknown as AttachmentRow;
    return attachmentRecord(row);
  }

  async getAttachment(
    orgId: string,
    claimId: string,
    id: string,
  ): Promise<{ record: AttachmentRecord; content: Uint8Array } | null> {
    const row = this.statement(
      `SELECT ${ATTACHMENT_COLUMNS}, content FROM claim_attachments WHERE org_id = ? AND claim_id = ? AND id = ?`,
    ).get(orgId, claimId, id) as unknown as (AttachmentRow & { content: Uint8Array }) | undefined;
    return row ? { record: attachmentRecord(row), content: new Uint8Array(row.content) } : null;
  }

  async listAttachments(orgId: string, claimId: string): Promise<AttachmentRecord[]> {
    const rows = this.statement(
      `SELECT ${ATTACHMENT_COLUMNS} FROM claim_attachments WHERE org_id = ? AND claim_id = ? ORDER BY uploaded_at, id`,
    ).all(orgId, claimId) as unknown as AttachmentRow[];
    return rows.map(attachmentRecord);
  }

  async orgAttachmentBytes(orgId: string): Promise<number> {
    const row = this.statement(ORG_ATTACHMENT_BYTES_SQL).get(orgId) as { bytes: number };
    return Number(row.bytes);
  }

  // --- end of claim attachments ---

  // --- end of record history and settings ---

  async close(): Promise<void> {
    await this.exclusive(() => this.flushLog());
    this.logFile?.close();
    await this.checkpointer?.close();
    if (this.db.isOpen) this.db.close();
  }
}
