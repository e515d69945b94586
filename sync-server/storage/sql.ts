import type { DatabaseSync, StatementSync } from "node:sqlite";
import type pg from "pg";

// The table seam (docs/server-layout.md): one `Db` per storage, the SQL runner and the dialect every
// table module is written against. Table modules write portable SQL with `?` placeholders (PostgreSQL's
// `$n` are made from them here) and read the dialect only for what differs (column types).

/** The column types (and the one table function) that differ by dialect. */
export interface SqlTypes {
  bytes: string;
  integer: string;
  /** An auto-incrementing integer primary key. */
  serialKey: string;
  /** A floating-point number (eight bytes on both). */
  real: string;
  /** A table of the elements of a JSON array given as one `?`, each in a column `value`. */
  jsonElements: string;
}

export const SQLITE_TYPES: SqlTypes = {
  bytes: "BLOB",
  integer: "INTEGER",
  serialKey: "INTEGER PRIMARY KEY AUTOINCREMENT",
  real: "REAL",
  jsonElements: "json_each(?)",
};
export const POSTGRES_TYPES: SqlTypes = {
  bytes: "BYTEA",
  integer: "BIGINT",
  serialKey: "BIGSERIAL PRIMARY KEY",
  real: "DOUBLE PRECISION",
  jsonElements: "json_array_elements(CAST(? AS json))",
};

export type SqlValue = string | number | null | Uint8Array;

export interface Db {
  readonly dialect: { name: "sqlite" | "postgres"; types: SqlTypes };
  /** Runs a statement; returns the number of rows it changed. */
  run(sql: string, params: readonly SqlValue[]): Promise<number>;
  all<T>(sql: string, params: readonly SqlValue[]): Promise<T[]>;
}

/** `?` placeholders as PostgreSQL's `$1, $2, …` (the statements hold no `?` inside literals). */
export const toPostgresPlaceholders = (sql: string): string => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** A value as node-postgres takes it (bytes as a Buffer). */
export const pgValue = (v: SqlValue) => (v instanceof Uint8Array ? Buffer.from(v) : v);

/**
 * A SQLite database's runner: each statement compiled once per connection (`prepare` caches it) and run
 * inside `exclusive` (the storage's write lock, shared with its checkpointer).
 */
export function sqliteDb(
  prepare: (sql: string) => StatementSync | ReturnType<DatabaseSync["prepare"]>,
  exclusive: <T>(work: () => T) => Promise<T>,
): Db {
  return {
    dialect: { name: "sqlite", types: SQLITE_TYPES },
    run: (sql, params) => exclusive(() => Number(prepare(sql).run(...params).changes)),
    all: <T>(sql: string, params: readonly SqlValue[]) => exclusive(() => prepare(sql).all(...params) as T[]),
  };
}

/** A PostgreSQL runner over `query` (a pool's). */
export function postgresDb(query: (text: string, values: unknown[]) => Promise<pg.QueryResult>): Db {
  return {
    dialect: { name: "postgres", types: POSTGRES_TYPES },
    run: async (sql, params) => (await query(toPostgresPlaceholders(sql), params.map(pgValue))).rowCount ?? 0,
    all: async <T>(sql: string, params: readonly SqlValue[]) =>
      (await query(toPostgresPlaceholders(sql), params.map(pgValue))).rows as T[],
  };
}
