import type { SqlTypes } from "../storage/sql";

// The durable side of the server's jobs and of market history, behind one interface written once for
// SQLite and PostgreSQL in tables.ts (tests/integration/market/job-store.test.ts runs the suite on both).
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

/** One run of a job (the platform's tools screen lists them). Times in epoch milliseconds. */
export interface JobRun {
  job: string;
  runKey: string;
  status: RunStatus;
  owner: string;
  startedAt: number;
  finishedAt: number | null;
}

export interface StoredSnapshot {
  asOf: string;
  /** Epoch milliseconds. */
  publishedAt: number;
  /** The snapshot's JSON, gzip-compressed. */
  data: Uint8Array;
}

/** One LRP offer on one day (docs/market-data.md): RMA's figures for a commodity, type, length and level. */
export interface LrpOfferDay {
  asOf: string;
  commodityCode: string;
  typeCode: string;
  endorsementLengthWeeks: number;
  coverageLevel: number;
  coveragePrice: number;
  expectedEndingValue: number;
  rate: number;
  costPerCwt: number;
  endDate: string;
}

/** One LGM type's expected gross margins on one day. */
export interface LgmMarginDay {
  asOf: string;
  commodityCode: string;
  typeCode: string;
  /** "" for RMA's national figures. */
  stateCode: string;
  salesEffectiveDate: string;
  marketingMonths: string[];
  expectedGrossMargins: number[];
}

export interface OfferHistoryFilter {
  commodityCode: string;
  typeCode: string;
  from: string;
  to: string;
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
  /** The latest runs of every job, newest first. */
  listRuns(limit: number): Promise<JobRun[]>;

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

  /** Keeps a published day's offers and margins, row by row, for the history of one offer. */
  saveOfferHistory(asOf: string, lrp: readonly LrpOfferDay[], lgm: readonly LgmMarginDay[]): Promise<void>;
  /** One LRP offer's rows by day at every level at or below the filter's (4 decimals), oldest first. */
  lrpOfferHistory(
    filter: OfferHistoryFilter & { endorsementLengthWeeks: number; coverageLevel: number },
  ): Promise<LrpOfferDay[]>;
  /** One LGM type's expected margins by day, oldest first ("" state: national figures). */
  lgmMarginHistory(filter: OfferHistoryFilter & { stateCode: string }): Promise<LgmMarginDay[]>;

  close(): Promise<void>;
}

type Row = Record<string, unknown>;
export const lrpOfferOf = (r: Row): LrpOfferDay => ({
  asOf: String(r.as_of),
  commodityCode: String(r.commodity),
  typeCode: String(r.type),
  endorsementLengthWeeks: Number(r.length),
  coverageLevel: Number(r.coverage_level),
  coveragePrice: Number(r.coverage_price),
  expectedEndingValue: Number(r.expected_ending_value),
  rate: Number(r.rate),
  costPerCwt: Number(r.cost_per_cwt),
  endDate: String(r.end_date),
});
export const lgmMarginOf = (r: Row): LgmMarginDay => ({
  asOf: String(r.as_of),
  commodityCode: String(r.commodity),
  typeCode: String(r.type),
  stateCode: String(r.state_code),
  salesEffectiveDate: String(r.sales_date),
  marketingMonths: JSON.parse(String(r.months)),
  expectedGrossMargins: JSON.parse(String(r.margins)),
});

/** A coverage level as a whole number of ten-thousandths: the key of an offer's level. */
export const levelKey = (level: number) => Math.round(level * 10_000);

export const jobRunOf = (r: Row): JobRun => ({
  job: String(r.job),
  runKey: String(r.run_key),
  status: String(r.status) as RunStatus,
  owner: String(r.owner),
  startedAt: Number(r.started_at),
  finishedAt: r.finished_at === null || r.finished_at === undefined ? null : Number(r.finished_at),
});
export const LIST_RUNS_SQL =
  "SELECT job, run_key, status, owner, started_at, finished_at FROM job_runs ORDER BY started_at DESC, job, run_key LIMIT ?";

export const jobStoreSql = (t: SqlTypes) => `
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
CREATE TABLE IF NOT EXISTS market_lrp_offers (
  commodity TEXT NOT NULL,
  type TEXT NOT NULL,
  length ${t.integer} NOT NULL,
  level_key ${t.integer} NOT NULL,
  as_of TEXT NOT NULL,
  coverage_level ${t.real} NOT NULL,
  coverage_price ${t.real} NOT NULL,
  expected_ending_value ${t.real} NOT NULL,
  rate ${t.real} NOT NULL,
  cost_per_cwt ${t.real} NOT NULL,
  end_date TEXT NOT NULL,
  PRIMARY KEY (commodity, type, length, level_key, as_of)
);
CREATE TABLE IF NOT EXISTS market_lgm_margins (
  commodity TEXT NOT NULL,
  type TEXT NOT NULL,
  state_code TEXT NOT NULL,
  as_of TEXT NOT NULL,
  sales_date TEXT NOT NULL,
  months TEXT NOT NULL,
  margins TEXT NOT NULL,
  PRIMARY KEY (commodity, type, state_code, as_of)
);
CREATE TABLE IF NOT EXISTS market_snapshots (
  as_of TEXT PRIMARY KEY,
  published_at ${t.integer} NOT NULL,
  data ${t.bytes} NOT NULL
);
`;

/** The claim statement; its values: job, run key, owner, lease until, now. */
export const CLAIM_SQL = `INSERT INTO job_runs (job, run_key, status, owner, lease_until, started_at)
VALUES (?, ?, 'running', ?, ?, ?)
ON CONFLICT (job, run_key) DO UPDATE SET owner = excluded.owner, lease_until = excluded.lease_until
WHERE job_runs.status = 'running' AND (job_runs.lease_until < excluded.started_at OR job_runs.owner = excluded.owner)
RETURNING owner`;
