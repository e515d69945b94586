import pg from "pg";
import { checkSchemaName, withSchemaLock } from "../storage/schema-lock";
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

// PostgreSQL: the same tables in the server's database (DATABASE_URL), shared by every instance; the
// claim's INSERT … ON CONFLICT is atomic, so two instances never both hold a run.

export class PostgresJobStore implements JobStore {
  readonly kind = "postgres" as const;
  private constructor(private readonly pool: pg.Pool) {}

  static async open(options: { connectionString: string; schema?: string }): Promise<PostgresJobStore> {
    const schema = checkSchemaName(options.schema ?? "public");
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      options: `-c search_path=${schema}`,
      max: 4,
    });
    pool.on("error", (error) => console.error("PostgreSQL pool error (jobs):", error.message));
    try {
      await withSchemaLock(pool, schema, async (client) => {
        await client.query(
          jobStoreSql({
            integer: "BIGINT",
            bytes: "BYTEA",
            serialKey: "BIGSERIAL PRIMARY KEY",
            real: "DOUBLE PRECISION",
          }),
        );
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PostgresJobStore(pool);
  }

  async claimRun(job: string, runKey: string, owner: string, now: number, leaseUntil: number) {
    const result = await this.pool.query<{ owner: string }>(CLAIM_SQL, [job, runKey, owner, now, leaseUntil]);
    if (result.rows[0]?.owner === owner) return "claimed" as const;
    return (await this.runStatus(job, runKey)) ?? "running";
  }

  async finishRun(job: string, runKey: string, owner: string, status: "done" | "failed", now: number) {
    const result = await this.pool.query(
      "UPDATE job_runs SET status = $1, finished_at = $2 WHERE job = $3 AND run_key = $4 AND owner = $5 AND status = 'running'",
      [status, now, job, runKey, owner],
    );
    return result.rowCount === 1;
  }

  async runStatus(job: string, runKey: string): Promise<RunStatus | null> {
    const result = await this.pool.query<{ status: RunStatus }>(
      "SELECT status FROM job_runs WHERE job = $1 AND run_key = $2",
      [job, runKey],
    );
    return result.rows[0]?.status ?? null;
  }

  async listRuns(limit: number): Promise<JobRun[]> {
    return (await this.pool.query(LIST_RUNS_SQL, [limit])).rows.map(jobRunOf);
  }

  async recordFailure(f: Omit<JobFailure, "id">) {
    const result = await this.pool.query<{ id: string }>(
      "INSERT INTO job_failures (job, run_key, attempt, at, message) VALUES ($1, $2, $3, $4, $5) RETURNING id",
      [f.job, f.runKey, f.attempt, f.at, f.message],
    );
    return Number(result.rows[0]?.id);
  }

  async listFailures(filter: { job?: string; limit?: number } = {}) {
    const result = await this.pool.query<{
      id: string;
      job: string;
      run_key: string;
      attempt: string;
      at: string;
      message: string;
    }>(
      "SELECT id, job, run_key, attempt, at, message FROM job_failures WHERE ($1::text IS NULL OR job = $1) ORDER BY id DESC LIMIT $2",
      [filter.job ?? null, filter.limit ?? 100],
    );
    return result.rows.map((r) => ({
      id: Number(r.id),
      job: r.job,
      runKey: r.run_key,
      attempt: Number(r.attempt),
      at: Number(r.at),
      message: r.message,
    }));
  }

  async saveSnapshot(s: StoredSnapshot) {
    await this.pool.query(
      "INSERT INTO market_snapshots (as_of, published_at, data) VALUES ($1, $2, $3) ON CONFLICT (as_of) DO UPDATE SET published_at = excluded.published_at, data = excluded.data",
      [s.asOf, s.publishedAt, Buffer.from(s.data)],
    );
  }

  private snapshotRow(
    r: { as_of: string; published_at: string; data: Buffer } | undefined,
  ): StoredSnapshot | null {
    return r
      ? {
          asOf: r.as_of,
          publishedAt: Number(r.published_at),
          data: new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength),
        }
      : null;
  }

  async loadSnapshot(asOf: string) {
    const result = await this.pool.query(
      "SELECT as_of, published_at, data FROM market_snapshots WHERE as_of = $1",
      [asOf],
    );
    return this.snapshotRow(result.rows[0]);
  }

  async latestSnapshot() {
    const result = await this.pool.query(
      "SELECT as_of, published_at, data FROM market_snapshots ORDER BY as_of DESC LIMIT 1",
    );
    return this.snapshotRow(result.rows[0]);
  }

  async listSnapshots(from: string, to: string) {
    const result = await this.pool.query<{ as_of: string; published_at: string }>(
      "SELECT as_of, published_at FROM market_snapshots WHERE as_of >= $1 AND as_of <= $2 ORDER BY as_of",
      [from, to],
    );
    return result.rows.map((r) => ({ asOf: r.as_of, publishedAt: Number(r.published_at) }));
  }

  async saveOfferHistory(asOf: string, lrp: readonly LrpOfferDay[], lgm: readonly LgmMarginDay[]) {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // One statement per 500 offers: unnest of column arrays.
      for (let i = 0; i < lrp.length; i += 500) {
        const chunk = lrp.slice(i, i + 500);
        await client.query(
          `INSERT INTO market_lrp_offers (commodity, type, length, level_key, as_of, coverage_level, coverage_price, expected_ending_value, rate, cost_per_cwt, end_date)
           SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::text[])
           ON CONFLICT (commodity, type, length, level_key, as_of) DO UPDATE SET coverage_level = excluded.coverage_level, coverage_price = excluded.coverage_price, expected_ending_value = excluded.expected_ending_value, rate = excluded.rate, cost_per_cwt = excluded.cost_per_cwt, end_date = excluded.end_date`,
          [
            chunk.map((o) => o.commodityCode),
            chunk.map((o) => o.typeCode),
            chunk.map((o) => o.endorsementLengthWeeks),
            chunk.map((o) => levelKey(o.coverageLevel)),
            chunk.map(() => asOf),
            chunk.map((o) => o.coverageLevel),
            chunk.map((o) => o.coveragePrice),
            chunk.map((o) => o.expectedEndingValue),
            chunk.map((o) => o.rate),
            chunk.map((o) => o.costPerCwt),
            chunk.map((o) => o.endDate),
          ],
        );
      }
      for (const m of lgm)
        await client.query(
          "INSERT INTO market_lgm_margins (commodity, type, state_code, as_of, sales_date, months, margins) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (commodity, type, state_code, as_of) DO UPDATE SET sales_date = excluded.sales_date, months = excluded.months, margins = excluded.margins",
          [
            m.commodityCode,
            m.typeCode,
            m.stateCode,
            asOf,
            m.salesEffectiveDate,
            JSON.stringify(m.marketingMonths),
            JSON.stringify(m.expectedGrossMargins),
          ],
        );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }

  async lrpOfferHistory(f: OfferHistoryFilter & { endorsementLengthWeeks: number; coverageLevel: number }) {
    const result = await this.pool.query(
      "SELECT as_of, commodity, type, length, coverage_level, coverage_price, expected_ending_value, rate, cost_per_cwt, end_date FROM market_lrp_offers WHERE commodity = $1 AND type = $2 AND length = $3 AND level_key <= $4 AND as_of >= $5 AND as_of <= $6 ORDER BY as_of, level_key",
      [f.commodityCode, f.typeCode, f.endorsementLengthWeeks, levelKey(f.coverageLevel), f.from, f.to],
    );
    return result.rows.map(lrpOfferOf);
  }

  async lgmMarginHistory(f: OfferHistoryFilter & { stateCode: string }) {
    const result = await this.pool.query(
      "SELECT as_of, commodity, type, state_code, sales_date, months, margins FROM market_lgm_margins WHERE commodity = $1 AND type = $2 AND state_code = $3 AND as_of >= $4 AND as_of <= $5 ORDER BY as_of",
      [f.commodityCode, f.typeCode, f.stateCode, f.from, f.to],
    );
    return result.rows.map(lgmMarginOf);
  }

  async close() {
    await this.pool.end();
  }
}
