import { join } from "node:path";
import type { Config } from "../config";
import { PostgresStorage } from "./postgres";
import { SqliteStorage } from "./sqlite";
import type { Storage } from "./types";

export type { Storage } from "./types";

/** The database file of the embedded default. */
export const SQLITE_FILE = "rangeline.sqlite";

/** PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
export async function openStorage(config: Pick<Config, "DATABASE_URL" | "DATA_DIR">): Promise<Storage> {
  if (config.DATABASE_URL) return PostgresStorage.open({ connectionString: config.DATABASE_URL });
  return new SqliteStorage(join(config.DATA_DIR, SQLITE_FILE));
}
