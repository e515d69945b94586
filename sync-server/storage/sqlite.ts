import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
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
  LOG_AUTHOR_COLUMN,
  READ_ARCHIVE_SQL,
  UNTIL_NOW,
} from "./archive-tables";
import { updateAuthor } from "./authors";
import { mergeStates } from "./rows";
import { schemaSql } from "./schema";
import { type Db, SQLITE_TYPES, sqliteDb } from "./sql";
import { SqliteCheckpointer } from "./sqlite-checkpointer";
import type { CompactionCover, MergeStates, Storage, StoredDocument } from "./types";
import { type LoggedUpdate, UpdateLogFile } from "./update-log-file";

/**
 * A log file's record that waited this long, and then one more such period, moves into the table; all
 * of them do once this many wait. Most never get there: a compaction of their document (every 30 s at
 * the latest while it is edited, docs/local-first.md) archives them straight from memory first.
 */
const FLUSH_EVERY_MS = 60_000;
const FLUSH_FROM_RECORDS = 20_000;

const bytes = (value: unknown): Uint8Array => new Uint8Array(value as Uint8Array);

/**
 * SQLite through Node's built-in node:sqlite, one file, WAL, with a write-ahead file for client updates
 * beside it (`<file>-updates`, update-log-file.ts). An appended update is written to that file before
 * appendUpdate's promise resolves, so it survives a crash or kill of the server process. Most records
 * leave the file when a compaction of their document archives them; the others move into the
 * `document_updates` table in one transaction within two minutes (FLUSH_EVERY_MS), once 20,000 wait, and
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

  // --- The resources' tables, on this database's runner (sql.ts; docs/server-layout.md) ---
  private readonly sql: Db = sqliteDb(
    (sql) => this.statement(sql),
    (work) => this.exclusive(work),
  );
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
   * Moves the log file's records (those up to seq `through`; default: all) into the table in one
   * transaction and empties the file of them. A record the table refuses stays in the file and is
   * retried, so nothing acknowledged is lost.
   */
  private flushLog(through = Number.POSITIVE_INFINITY): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const all = this.unflushed;
    const split = through === Number.POSITIVE_INFINITY ? all.length : all.findIndex((r) => r.seq > through);
    const records = split === -1 ? all : all.slice(0, split);
    const younger = split === -1 ? [] : all.slice(split);
    if (records.length === 0) {
      if (younger.length > 0) this.scheduleFlush();
      return;
    }
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
    // In seq order: the refused ones are older than the younger ones.
    this.unflushed = younger.length > 0 ? kept.concat(younger) : kept;
    // A record the table refused stays live in the file; the others are settled.
    this.logFile?.settle(records.filter((record) => !kept.includes(record)).map((record) => record.seq));
    if (this.unflushed.length > 0) this.scheduleFlush();
  }

  /**
   * Moves the records appended so far into the table after FLUSH_EVERY_MS, unless a flush is already
   * due; those appended meanwhile wait for the next one. (Moving every record, as until 2026-11-27,
   * moved the last seconds of every edited document into the table just before its compaction archived
   * them from there: each such record inserted and deleted once more.)
   */
  private scheduleFlush(): void {
    if (this.flushTimer) return;
    const through = this.unflushed.at(-1)?.seq ?? 0;
    this.flushTimer = setTimeout(
      () => void this.exclusive(() => this.flushLog(through)),
      FLUSH_EVERY_MS,
    ).unref();
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

  // --- Document history for restore (docs/hardening.md; archive-tables.ts) ---

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

  async close(): Promise<void> {
    await this.exclusive(() => this.flushLog());
    this.logFile?.close();
    await this.checkpointer?.close();
    if (this.db.isOpen) this.db.close();
  }
}
