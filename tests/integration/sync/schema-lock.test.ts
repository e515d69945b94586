import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openPostgresJobStore } from "../../../sync-server/jobs/tables";
import { PostgresPushStore } from "../../../sync-server/push/store";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { sampleProfile, writeProfile } from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import {
  dropSchema,
  POSTGRES_URL,
  postgresAvailable,
  REDIS_URL,
  redisAvailable,
  uniqueSchema,
} from "./services";

// Rule SCHEMA1 (docs/hardening.md): instances starting at the same moment on an empty PostgreSQL
// database (a rolling deploy) create and migrate the schema one at a time, under one advisory lock.
// Before the lock, two instances racing on CREATE TABLE IF NOT EXISTS failed with `duplicate key value
// violates unique constraint "pg_type_typname_nsp_index"`.

/** Runs `sql` on the server's maintenance connection (the test database). */
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.runIf(postgresAvailable)("[SCHEMA1] schema creation under an advisory lock", () => {
  it("[SCHEMA1] every PostgreSQL table module opened three times at once on an empty schema opens, in three rounds", async () => {
    const failures: string[] = [];
    for (let round = 0; round < 3; round++) {
      const schema = uniqueSchema("lock");
      const options = { connectionString: POSTGRES_URL, schema };
      const opened = await Promise.allSettled(
        [0, 1, 2].flatMap(() => [
          PostgresStorage.open(options),
          openPostgresJobStore(options),
          PostgresPushStore.open(options),
        ]),
      );
      for (const result of opened) {
        if (result.status === "fulfilled") await result.value.close();
        else failures.push(String(result.reason?.message ?? result.reason));
      }
      await dropSchema(schema);
    }
    expect(failures).toEqual([]);
  });
});

describe.runIf(postgresAvailable && redisAvailable)("[SCHEMA1] three instances starting at once", () => {
  const database = `t_deploy_${randomBytes(5).toString("hex")}`;
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-deploy-"));
  const servers: TestServer[] = [];
  const clients: Client[] = [];

  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const server of servers) await server.stop().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("[SCHEMA1] three servers start together on an empty database, then co-edit through Redis", async () => {
    await admin(`CREATE DATABASE ${database}`);
    const env = { DATABASE_URL: url.toString(), REDIS_URL, PUBLIC_URL: "http://rangeline.test/" };
    const prefix = `rangeline-deploy-${randomBytes(4).toString("hex")}`;
    const started = await Promise.allSettled(
      [0, 1, 2].map(() => startTestServer(env, { dataDir, redisPrefix: prefix })),
    );
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const reasons = started.flatMap((r) => (r.status === "rejected" ? [String(r.reason?.message)] : []));
    expect(reasons).toEqual([]);

    const [one, two, three] = servers as [TestServer, TestServer, TestServer];
    const name = "org/demo/customer/c-demo";
    const agent = demoUser("agent@demo.rangeline.test");
    const a = connect(one.syncUrl, name, await one.token(agent));
    const b = connect(two.syncUrl, name, await two.token(demoUser("agent2@demo.rangeline.test")));
    const c = connect(three.syncUrl, name, await three.token(agent));
    clients.push(a, b, c);
    expect(await Promise.all([a.ready, b.ready, c.ready])).toEqual([true, true, true]);
    writeProfile(a.doc, sampleProfile("c-demo", { name: "Rolling Deploy Ranch" }));
    await expect
      .poll(() => [b.doc.getMap("profile").get("name"), c.doc.getMap("profile").get("name")], {
        timeout: 5000,
      })
      .toEqual(["Rolling Deploy Ranch", "Rolling Deploy Ranch"]);
  });
});
