import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { sampleEntity, sampleProfile, writeProfile } from "./book-records";
import { type Client, connect, demoUser, startTestServer, type TestServer } from "./harness";
import {
  dropSchema,
  POSTGRES_URL,
  postgresAvailable,
  REDIS_URL,
  redisAvailable,
  uniqueSchema,
} from "./services";

// Several instances (SCALE1): two servers on two ports share PostgreSQL and fan updates out through
// Redis; an edit through one reaches a client of the other, both ways, and is stored once for both.

describe.runIf(postgresAvailable && redisAvailable)("two instances through Redis", () => {
  const schema = uniqueSchema("redis");
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-redis-"));
  const prefix = `rangeline-test-${randomBytes(4).toString("hex")}`;
  const env = { DATABASE_URL: POSTGRES_URL, REDIS_URL, PUBLIC_URL: "http://rangeline.test/" };
  const servers: TestServer[] = [];
  const clients: Client[] = [];
  const agent = demoUser("agent@demo.rangeline.test");
  const agent2 = demoUser("agent2@demo.rangeline.test");

  const start = async (redis = true) => {
    const server = await startTestServer(redis ? env : { ...env, REDIS_URL: "" }, {
      dataDir,
      redisPrefix: prefix,
      storage: await PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    });
    servers.push(server);
    return server;
  };

  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const server of servers) await server.stop().catch(() => {});
    await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("[SCALE1] an edit through one instance reaches a client of the other, both ways", async () => {
    const one = await start();
    const two = await start();
    expect(one.port).not.toBe(two.port);
    const name = "org/demo/customer/c-demo";
    const a = connect(one.syncUrl, name, await one.token(agent));
    const b = connect(two.syncUrl, name, await two.token(agent2));
    clients.push(a, b);
    expect(await a.ready).toBe(true);
    expect(await b.ready).toBe(true);

    writeProfile(a.doc, sampleProfile("c-demo", { name: "Across Ranch" }));
    await expect.poll(() => b.doc.getMap("profile").toJSON().name, { timeout: 5000 }).toBe("Across Ranch");
    b.doc.getMap("entities").set("e-1", sampleEntity("e-1"));
    await expect
      .poll(() => a.doc.getMap("entities").toJSON()["e-1"], { timeout: 5000 })
      .toEqual(sampleEntity("e-1"));

    // The linked customer, read-only on the second instance, sees the edit too.
    const reader = connect(two.syncUrl, name, await two.token(demoUser("customer@demo.rangeline.test")));
    clients.push(reader);
    expect(await reader.ready).toBe(true);
    await expect.poll(() => reader.doc.getMap("profile").toJSON().name).toBe("Across Ranch");

    await expect.poll(() => a.provider.unsyncedChanges).toBe(0);
    await expect.poll(() => b.provider.unsyncedChanges).toBe(0);
    for (const client of clients.splice(0)) client.destroy();
    await one.stop();
    await two.stop();

    // Both instances' edits are in the shared database.
    const third = await start(false);
    const check = connect(third.syncUrl, name, await third.token(agent));
    clients.push(check);
    expect(await check.ready).toBe(true);
    expect(check.doc.getMap("profile").toJSON().name).toBe("Across Ranch");
    // Loaded again, an entity (it holds text fields) is a map with shared text (version 4): as JSON the same.
    expect(check.doc.getMap("entities").toJSON()["e-1"]).toEqual(sampleEntity("e-1"));
  });
});
