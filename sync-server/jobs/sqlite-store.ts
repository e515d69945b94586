import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  CLAIM_SQL,
  type JobFailure,
  type JobRun,
  type JobStore,
  jobRunOf,
  jobStoreSql,
  type LgmMarginDay,
  LIST_RUNS_SQL,
  type LrpOfferDay,
  levelKey,
  lgmMarginOf,
  lrpOfferOf,
  type OfferHistoryFilter,
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
      jobStoreSql({
        integer: "INTEGER",
        bytes: "BLOB",
        serialKey: "INTEGER PRIMARY KEY AUTOINCREMENT",
        real: "REAL",
      }),
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

  async listRuns(limit: number): Promise<JobRun[]> {
    const rows = this.db.prepare(LIST_RUNS_SQL.replace("$1", "?")).all(limit) as Record<string, unknown>[];
    return rows.map(jobRunOf);
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

  async saveOfferHistory(asOf: string, lrp: readonly LrpOfferDay[], lgm: readonly LgmMarginDay[]) {
    const offer = this.db.prepare(
      "INSERT INTO market_lrp_offers (commodity, type, length, level_key, as_of, coverage_level, coverage_price, expected_ending_value, rate, cost_per_cwt, end_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET coverage_level = excluded.coverage_level, coverage_price = excluded.coverage_price, expected_ending_value = excluded.expected_ending_value, rate = excluded.rate, cost_per_cwt = excluded.cost_per_cwt, end_date = excluded.end_date",
    );
    const margin = this.db.prepare(
      "INSERT INTO market_lgm_margins (commodity, type, state_code, as_of, sales_date, months, margins) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET sales_date = excluded.sales_date, months = excluded.months, margins = excluded.margins",
    );
    this.db.exec("BEGIN");
    try {
      for (const o of lrp)
        offer.run(
          o.commodityCode,
          o.typeCode,
          o.endorsementLengthWeeks,
          levelKey(o.coverageLevel),
          asOf,
          o.coverageLevel,
          o.coveragePrice,
          o.expectedEndingValue,
          o.rate,
          o.costPerCwt,
          o.endDate,
        );
      for (const m of lgm)
        margin.run(
          m.commodityCode,
          m.typeCode,
          m.stateCode,
          asOf,
          m.salesEffectiveDate,
          JSON.stringify(m.marketingMonths),
          JSON.stringify(m.expectedGrossMargins),
        );
      this.db.exec("COMMIT");
    } catch (error) {
      this.db.exec("ROLLBACK");
      throw error;
    }
  }

  async lrpOfferHistory(f: OfferHistoryFilter & { endorsementLengthWeeks: number; coverageLevel: number }) {
    const rows = this.db
      .prepare(
        "SELECT as_of, commodity, type, length, coverage_level, coverage_price, expected_ending_value, rate, cost_per_cwt, end_date FROM market_lrp_offers WHERE commodity = ? AND type = ? AND length = ? AND level_key <= ? AND as_of >= ? AND as_of <= ? ORDER BY as_of, level_key",
      )
      .all(f.commodityCode, f.typeCode, f.endorsementLengthWeeks, levelKey(f.coverageLevel), f.from, f.to);
    return rows.map(lrpOfferOf);
  }

  async lgmMarginHistory(f: OfferHistoryFilter & { stateCode: string }) {
    const rows = this.db
      .prepare(
        "SELECT as_of, commodity, type, state_code, sales_date, months, margins FROM market_lgm_margins WHERE commodity = ? AND type = ? AND state_code = ? AND as_of >= ? AND as_of <= ? ORDER BY as_of",
      )
      .all(f.commodityCode, f.typeCode, f.stateCode, f.from, f.to);
    return rows.map(lgmMarginOf);
  }

  async close() {
    this.db.close();
  }
}
