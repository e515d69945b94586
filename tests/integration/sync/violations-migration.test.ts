import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "./services";

// Rule VIOL1: a `sync_violations` table made before the rows were aggregated (no count, last time or
// group columns) gains them when the storage opens; its rows list as one refusal each, and new refusals
// aggregate beside them.

const OLD_TABLE =
  "CREATE TABLE sync_violations (id BIGSERIAL PRIMARY KEY, document_name TEXT NOT NULL, user_id TEXT, at BIGINT NOT NULL, issues TEXT NOT NULL)";
const OLD_ROW =
  "INSERT INTO sync_violations (document_name, user_id, at, issues) VALUES ('org/demo', 'auth0|old', 1000, '[]')";

async function expectMigrated(storage: Storage) {
  await storage.violations.recordViolation({
    documentName: "org/demo",
    userId: "auth0|new",
    at: 2000,
    issues: [],
  });
  await storage.violations.recordViolation({
    documentName: "org/demo",
    userId: "auth0|new",
    at: 2500,
    issues: [],
  });
  const listed = await storage.violations.listViolations();
  expect(listed.map((v) => [v.userId, v.count, v.at, v.lastAt])).toEqual([
    ["auth0|new", 2, 2000, 2500],
    ["auth0|old", 1, 1000, 1000],
  ]);
}

describe("[VIOL1] an older violations table is migrated", () => {
  const dir = mkdtempSync(join(tmpdir(), "rangeline-violations-"));
  const schema = uniqueSchema("violations");
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresAvailable) await dropSchema(schema);
  });

  it("[VIOL1] SQLite", async () => {
    const file = join(dir, "old.sqlite");
    const old = new DatabaseSync(file);
    old.exec(OLD_TABLE.replace("BIGSERIAL PRIMARY KEY", "INTEGER PRIMARY KEY AUTOINCREMENT"));
    old.exec(OLD_ROW);
    old.close();
    const storage = new SqliteStorage(file);
    try {
      await expectMigrated(storage);
    } finally {
      await storage.close();
    }
  });

  it.runIf(postgresAvailable)("[VIOL1] PostgreSQL", async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(`SET search_path = ${schema}`);
      await client.query(OLD_TABLE);
      await client.query(OLD_ROW);
    } finally {
      await client.end();
    }
    const storage = await PostgresStorage.open({ connectionString: POSTGRES_URL, schema });
    try {
      await expectMigrated(storage);
    } finally {
      await storage.close();
    }
  });
});
