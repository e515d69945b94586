import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  CLAIM_SQL,
  type JobFailure,
  type JobStore,
  jobStoreSql,
  type RunStatus,
  type StoredSnapshot,
} from "./store";

// SQLite: a file of its own beside the server's database (DATA_DIR/jobs.sqlite, WAL), so job writes
// never wait on the document store's write lock. One instance per data directory, as SQLite is.

const numbered = (sql: string) => sql.replace(/\$(\d+)/g, "?$1");

export class SqliteJobStore implements JobStore {
  readonly kind = "sqlite" as const;
  private readonly db: DatabaseSync;

  constructor(file: string) {
    this.db = new DatabaseSync(file);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;");
    this.db.exec(
      jobStoreSql({ integer: "INTEGER", bytes: "BLOB", serialKey: "INTEGER PRIMARY KEY AUTOINCREMENT" }),
    );
  }

  static inDataDir(dataDir: string): SqliteJobStore {
    return new SqliteJobStore(join(dataDir, "jobs.sqlite"));
  }

  async claimRun(job: string, runKey: string, owner: string, now: number, leaseUntil: number) {
    const row = this.db.prepare(numbered(CLAIM_SQL)).get(job, runKey, owner, now, leaseUntil) as
      | { owner: string }
      | undefined;
    if (row?.owner === owner) return "claimed" as const;
    return (await this.runStatus(job, runKey)) ?? "running";
  }

  async finishRun(job: string, runKey: string, owner: string, status: "done" | "failed", now: number) {
    const result = this.db
      .prepare(
        "UPDATE job_runs SET status = ?, finished_at = ? WHERE job = ? AND run_key = ? AND owner = ? AND status = 'running'",
      )
      .run(status, now, job, runKey, owner);
    return Number(result.changes) === 1;
  }

  async runStatus(job: string, runKey: string): Promise<RunStatus | null> {
    const row = this.db
      .prepare("SELECT status FROM job_runs WHERE job = ? AND run_key = ?")
      .get(job, runKey) as { status: RunStatus } | undefined;
    return row?.status ?? null;
  }

  async recordFailure(f: Omit<JobFailure, "id">) {
    const result = this.db
      .prepare("INSERT INTO job_failures (job, run_key, attempt, at, message) VALUES (?, ?, ?, ?, ?)")
      .run(f.job, f.runKey, f.attempt, f.at, f.message);
    return Number(result.lastInsertRowid);
  }

  async listFailures(filter: { job?: string; limit?: number } = {}) {
    const rows = this.db
      .prepare(
        "SELECT id, job, run_key, attempt, at, message FROM job_failures WHERE (? IS NULL OR job = ?) ORDER BY id DESC LIMIT ?",
      )
      .all(filter.job ?? null, filter.job ?? null, filter.limit ?? 100) as {
      id: number;
      job: string;
      run_key: string;
      attempt: number;
      at: number;
      message: string;
    }[];
    return rows.map((r) => ({
      id: Number(r.id),
      job: r.job,
      runKey: r.run_key,
      attempt: Number(r.attempt),
      at: Number(r.at),
      message: r.message,
    }));
  }

  async saveSnapshot(s: StoredSnapshot) {
    this.db
      .prepare(
        "INSERT INTO market_snapshots (as_of, published_at, data) VALUES (?, ?, ?) ON CONFLICT (as_of) DO UPDATE SET published_at = excluded.published_at, data = excluded.data",
      )
      .run(s.asOf, s.publishedAt, s.data);
  }

  private snapshotRow(row: unknown): StoredSnapshot | null {
    const r = row as { as_of: string; published_at: number; data: Uint8Array } | undefined;
    return r ? { asOf: r.as_of, publishedAt: Number(r.published_at), data: new Uint8Array(r.data) } : null;
  }

  async loadSnapshot(asOf: string) {
    return this.snapshotRow(
      this.db.prepare("SELECT as_of, published_at, data FROM market_snapshots WHERE as_of = ?").get(asOf),
    );
  }

  async latestSnapshot() {
    return this.snapshotRow(
      this.db
        .prepare("SELECT as_of, published_at, data FROM market_snapshots ORDER BY as_of DESC LIMIT 1")
        .get(),
    );
  }

  async listSnapshots(from: string, to: string) {
    const rows = this.db
      .prepare(
        "SELECT as_of, published_at FROM market_snapshots WHERE as_of >= ? AND as_of <= ? ORDER BY as_of",
      )
      .all(from, to) as { as_of: string; published_at: number }[];
    return rows.map((r) => ({ asOf: r.as_of, publishedAt: Number(r.published_at) }));
  }

  async close() {
    this.db.close();
  }
}
