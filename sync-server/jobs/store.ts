// The durable side of the server's jobs and of market history, behind one interface with a SQLite and a
// PostgreSQL implementation (tests/integration/market/job-store.test.ts runs the same suite on both).
// Its tables are its own (job_runs, job_failures, market_snapshots): nothing here touches documents.
//
// A run is one (job, run key) — for the market fetch, one trading day. `claimRun` is the lock that
// makes a run happen once across restarts and instances: one INSERT … ON CONFLICT DO UPDATE … WHERE
// the other holder's lease has expired, RETURNING the owner; on PostgreSQL and SQLite alike only one
// caller gets the row back. A finished run (done or failed) is never claimed again.

export type RunStatus = "running" | "done" | "failed";

export interface JobFailure {
  id: number;
  job: string;
  runKey: string;
  attempt: number;
  /** Epoch milliseconds. */
  at: number;
  message: string;
}

export interface StoredSnapshot {
  asOf: string;
  /** Epoch milliseconds. */
  publishedAt: number;
  /** The snapshot's JSON, gzip-compressed. */
  data: Uint8Array;
}

export interface JobStore {
  readonly kind: "sqlite" | "postgres";
  /**
   * Claims a run for `owner` until `leaseUntil` (epoch ms): "claimed" when this caller holds it now,
   * else the run's state — "running" (another live holder), "done" or "failed".
   */
  claimRun(
    job: string,
    runKey: string,
    owner: string,
    now: number,
    leaseUntil: number,
  ): Promise<"claimed" | RunStatus>;
  /** Ends a run this owner holds; false when the owner no longer holds it. */
  finishRun(
    job: string,
    runKey: string,
    owner: string,
    status: "done" | "failed",
    now: number,
  ): Promise<boolean>;
  /** The run's status, or null when it never started. */
  runStatus(job: string, runKey: string): Promise<RunStatus | null>;

  recordFailure(failure: Omit<JobFailure, "id">): Promise<number>;
  /** Failures, newest first. */
  listFailures(filter?: { job?: string; limit?: number }): Promise<JobFailure[]>;

  /** Keeps a published snapshot; a second one for the same as-of date replaces the first. */
  saveSnapshot(snapshot: StoredSnapshot): Promise<void>;
  loadSnapshot(asOf: string): Promise<StoredSnapshot | null>;
  /** The latest as-of date's snapshot, or null. */
  latestSnapshot(): Promise<StoredSnapshot | null>;
  /** As-of dates and publication times from `from` to `to` (inclusive), oldest first. */
  listSnapshots(from: string, to: string): Promise<{ asOf: string; publishedAt: number }[]>;

  close(): Promise<void>;
}

export const jobStoreSql = (t: { integer: string; bytes: string; serialKey: string }) => `
CREATE TABLE IF NOT EXISTS job_runs (
  job TEXT NOT NULL,
  run_key TEXT NOT NULL,
  status TEXT NOT NULL,
  owner TEXT NOT NULL,
  lease_until ${t.integer} NOT NULL,
  started_at ${t.integer} NOT NULL,
  finished_at ${t.integer},
  PRIMARY KEY (job, run_key)
);
CREATE TABLE IF NOT EXISTS job_failures (
  id ${t.serialKey},
  job TEXT NOT NULL,
  run_key TEXT NOT NULL,
  attempt ${t.integer} NOT NULL,
  at ${t.integer} NOT NULL,
  message TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS market_snapshots (
  as_of TEXT PRIMARY KEY,
  published_at ${t.integer} NOT NULL,
  data ${t.bytes} NOT NULL
);
`;

/** The claim statement; $1 job, $2 run key, $3 owner, $4 now, $5 lease until. */
export const CLAIM_SQL = `INSERT INTO job_runs (job, run_key, status, owner, lease_until, started_at)
VALUES ($1, $2, 'running', $3, $5, $4)
ON CONFLICT (job, run_key) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until
WHERE job_runs.status = 'running' AND (job_runs.lease_until < excluded.started_at OR job_runs.owner = excluded.owner)
RETURNING owner`;
