import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import pg from "pg";
import { checkSchemaName, withSchemaLock } from "../storage/schema-lock";
import { type Db, POSTGRES_TYPES, postgresDb, SQLITE_TYPES, type SqlTypes, sqliteDb } from "../storage/sql";
import {
  CLAIM_SQL,
  type JobStore,
  jobRunOf,
  jobStoreSql,
  LIST_RUNS_SQL,
  levelKey,
  lgmMarginOf,
  lrpOfferOf,
  type RunStatus,
  type StoredSnapshot,
} from "./store";

// The job store written once for both databases on the table seam (docs/server-layout.md): SQLite in a
// file of its own beside the server's database (DATA_DIR/jobs.sqlite, WAL), so job writes never wait on
// the document store's write lock, one instance per data directory; PostgreSQL in the server's database,
// shared by every instance (the claim's INSERT … ON CONFLICT is atomic: two instances never both hold a run).

const LRP_OFFER_COLUMNS =
  "commodity, type, length, level_key, as_of, coverage_level, coverage_price, expected_ending_value, rate, cost_per_cwt, end_date";

function jobTables(db: Db, close: () => Promise<void>): JobStore {
  const t: SqlTypes = db.dialect.types;
  const runStatus = async (job: string, runKey: string): Promise<RunStatus | null> => {
    const [row] = await db.all<{ status: RunStatus }>(
      "SELECT status FROM job_runs WHERE job = ? AND run_key = ?",
      [job, runKey],
    );
    return row?.status ?? null;
  };
  const snapshot = (r: { as_of: string; published_at: number | string; data: Uint8Array } | undefined) =>
    r ? { asOf: r.as_of, publishedAt: Number(r.published_at), data: new Uint8Array(r.data) } : null;
  const at = (n: number, type: string) => `CAST(value->>${n} AS ${type})`;
  // A day's offers and margins go as one JSON array each: one statement per table whatever the count.
  // A repeat replaces the rows (upsert), so a save cut short between the two is mended by the next.
  const saveLrp = `INSERT INTO market_lrp_offers (${LRP_OFFER_COLUMNS}) SELECT value->>0, value->>1, ${at(2, t.integer)}, ${at(3, t.integer)}, value->>4, ${at(5, t.real)}, ${at(6, t.real)}, ${at(7, t.real)}, ${at(8, t.real)}, ${at(9, t.real)}, value->>10 FROM ${t.jsonElements} WHERE true ON CONFLICT (commodity, type, length, level_key, as_of) DO UPDATE SET coverage_level = excluded.coverage_level, coverage_price = excluded.coverage_price, expected_ending_value = excluded.expected_ending_value, rate = excluded.rate, cost_per_cwt = excluded.cost_per_cwt, end_date = excluded.end_date`;
  const saveLgm = `INSERT INTO market_lgm_margins (commodity, type, state_code, as_of, sales_date, months, margins) SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5, value->>6 FROM ${t.jsonElements} WHERE true ON CONFLICT (commodity, type, state_code, as_of) DO UPDATE SET sales_date = excluded.sales_date, months = excluded.months, margins = excluded.margins`;
  return {
    kind: db.dialect.name,
    async claimRun(job, runKey, owner, now, leaseUntil) {
      const [row] = await db.all<{ owner: string }>(CLAIM_SQL, [job, runKey, owner, leaseUntil, now]);
      if (row?.owner === owner) return "claimed" as const;
      return (await runStatus(job, runKey)) ?? "running";
    },
    async finishRun(job, runKey, owner, status, now) {
      const changed = await db.run(
        "UPDATE job_runs SET status = ?, finished_at = ? WHERE job = ? AND run_key = ? AND owner = ? AND status = 'running'",
        [status, now, job, runKey, owner],
      );
      return changed === 1;
    },
    runStatus,
    async listRuns(limit) {
      return (await db.all<Record<string, unknown>>(LIST_RUNS_SQL, [limit])).map(jobRunOf);
    },
    async recordFailure(f) {
      const [row] = await db.all<{ id: number | string }>(
        "INSERT INTO job_failures (job, run_key, attempt, at, message) VALUES (?, ?, ?, ?, ?) RETURNING id",
        [f.job, f.runKey, f.attempt, f.at, f.message],
      );
      return Number(row?.id);
    },
    async listFailures(filter = {}) {
      const job = filter.job ?? null;
      const rows = await db.all<{
        id: number | string;
        job: string;
        run_key: string;
        attempt: number | string;
        at: number | string;
        message: string;
      }>(
        "SELECT id, job, run_key, attempt, at, message FROM job_failures WHERE (CAST(? AS TEXT) IS NULL OR job = ?) ORDER BY id DESC LIMIT ?",
        [job, job, filter.limit ?? 100],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        job: r.job,
        runKey: r.run_key,
        attempt: Number(r.attempt),
        at: Number(r.at),
        message: r.message,
      }));
    },
    async saveSnapshot(s: StoredSnapshot) {
      await db.run(
        "INSERT INTO market_snapshots (as_of, published_at, data) VALUES (?, ?, ?) ON CONFLICT (as_of) DO UPDATE SET published_at = excluded.published_at, data = excluded.data",
        [s.asOf, s.publishedAt, s.data],
      );
    },
    async loadSnapshot(asOf) {
      const [row] = await db.all<{ as_of: string; published_at: number; data: Uint8Array }>(
        "SELECT as_of, published_at, data FROM market_snapshots WHERE as_of = ?",
        [asOf],
      );
      return snapshot(row);
    },
    async latestSnapshot() {
      const [row] = await db.all<{ as_of: string; published_at: number; data: Uint8Array }>(
        "SELECT as_of, published_at, data FROM market_snapshots ORDER BY as_of DESC LIMIT 1",
        [],
      );
      return snapshot(row);
    },
    async listSnapshots(from, to) {
      const rows = await db.all<{ as_of: string; published_at: number | string }>(
        "SELECT as_of, published_at FROM market_snapshots WHERE as_of >= ? AND as_of <= ? ORDER BY as_of",
        [from, to],
      );
      return rows.map((r) => ({ asOf: r.as_of, publishedAt: Number(r.published_at) }));
    },
    async saveOfferHistory(asOf, lrp, lgm) {
      if (lrp.length > 0) {
        const rows = lrp.map((o) => [
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
        ]);
        await db.run(saveLrp, [JSON.stringify(rows)]);
      }
      if (lgm.length > 0) {
        const rows = lgm.map((m) => [
          m.commodityCode,
          m.typeCode,
          m.stateCode,
          asOf,
          m.salesEffectiveDate,
          JSON.stringify(m.marketingMonths),
          JSON.stringify(m.expectedGrossMargins),
        ]);
        await db.run(saveLgm, [JSON.stringify(rows)]);
      }
    },
    async lrpOfferHistory(f) {
      const rows = await db.all<Record<string, unknown>>(
        "SELECT as_of, commodity, type, length, coverage_level, coverage_price, expected_ending_value, rate, cost_per_cwt, end_date FROM market_lrp_offers WHERE commodity = ? AND type = ? AND length = ? AND level_key <= ? AND as_of >= ? AND as_of <= ? ORDER BY as_of, level_key",
        [f.commodityCode, f.typeCode, f.endorsementLengthWeeks, levelKey(f.coverageLevel), f.from, f.to],
      );
      return rows.map(lrpOfferOf);
    },
    async lgmMarginHistory(f) {
      const rows = await db.all<Record<string, unknown>>(
        "SELECT as_of, commodity, type, state_code, sales_date, months, margins FROM market_lgm_margins WHERE commodity = ? AND type = ? AND state_code = ? AND as_of >= ? AND as_of <= ? ORDER BY as_of",
        [f.commodityCode, f.typeCode, f.stateCode, f.from, f.to],
      );
      return rows.map(lgmMarginOf);
    },
    close,
  };
}

/** The job store in its own SQLite file. */
export function openSqliteJobStore(file: string): JobStore {
  const database = new DatabaseSync(file);
  database.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000;");
  database.exec(jobStoreSql(SQLITE_TYPES));
  const statements = new Map<string, StatementSync>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  return jobTables(
    sqliteDb(prepare, async (work) => work()),
    async () => database.close(),
  );
}

/** The job store's file in a data directory (backed up with it: storage/data-folder.ts). */
export const JOBS_FILE = "jobs.sqlite";

/** The job store of a data directory (DATA_DIR/jobs.sqlite). */
export const sqliteJobStoreIn = (dataDir: string): JobStore => openSqliteJobStore(join(dataDir, JOBS_FILE));

/** The job store in PostgreSQL (`schema`, default `public`; its tables made when missing). */
export async function openPostgresJobStore(options: {
  connectionString: string;
  schema?: string;
}): Promise<JobStore> {
  const schema = checkSchemaName(options.schema ?? "public");
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    options: `-c search_path=${schema}`,
    max: 4,
  });
  pool.on("error", (error) => console.error("PostgreSQL pool error (jobs):", error.message));
  try {
    await withSchemaLock(pool, schema, (client) => client.query(jobStoreSql(POSTGRES_TYPES)).then(() => {}));
  } catch (error) {
    await pool.end();
    throw error;
  }
  return jobTables(
    postgresDb((text, values) => pool.query(text, values)),
    () => pool.end(),
  );
}
