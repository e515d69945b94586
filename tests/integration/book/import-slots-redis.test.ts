import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { guessMapping } from "../../../shared/book/import/mapping";
import { parseCsv } from "../../../shared/book/import/parse";
import { type ImportSlot, RedisImportSlots } from "../../../sync-server/book-import/running";
import { BOOK_HEADERS, bookRows, toCsv } from "../../fixtures/import/book-rows";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { REDIS_URL, redisAvailable } from "../sync/services";

// IMPORT1 across instances (docs/book-import.md "Off the event loop"): with REDIS_URL, one running book
// import per organisation over every instance — a Redis lease with a token, renewed while the import
// runs, released by its holder only, free again when a crashed holder's lease runs out. Real Redis and
// two real servers (services.ts: CI requires Redis; elsewhere left out with a notice).

const agent = demoUser("agent@demo.rangeline.test");
const dryRun = () => {
  const sheet = parseCsv("book.csv", toCsv(BOOK_HEADERS, bookRows(2, 1)));
  return { fileName: "book.csv", sheets: [sheet], mapping: guessMapping(sheet.headers), dryRun: true };
};
const prefix = () => `rangeline-imports-${randomBytes(4).toString("hex")}`;

describe.runIf(redisAvailable)("book import slots through Redis", () => {
  const servers: TestServer[] = [];
  const slots: RedisImportSlots[] = [];
  afterAll(async () => {
    for (const s of slots) await s.close();
    for (const server of servers) await server.stop();
  });

  it("[IMPORT1] while an import runs on one instance, the agency's next import on another is refused with when it started", async () => {
    const redisPrefix = prefix();
    for (let i = 0; i < 2; i++) servers.push(await startTestServer({ REDIS_URL }, { redisPrefix }));
    const [one, two] = servers as [TestServer, TestServer];
    const post = async (server: TestServer) => {
      const response = await fetch(new URL("/api/orgs/demo/book-imports", server.url), {
        method: "POST",
        headers: { authorization: `Bearer ${await server.token(agent)}`, "content-type": "application/json" },
        body: JSON.stringify(dryRun()),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    // The import on instance one holds the slot until the rest of its body arrives.
    const text = Buffer.from(JSON.stringify(dryRun()));
    const held = httpRequest(new URL("/api/orgs/demo/book-imports", one.url), {
      method: "POST",
      headers: {
        authorization: `Bearer ${await one.token(agent)}`,
        "content-type": "application/json",
        "content-length": String(text.length),
      },
    });
    const first = new Promise<number>((resolve, reject) => {
      held.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      held.on("error", reject);
    });
    held.write(text.subarray(0, 100));
    // The signal: instance one holds the organisation's lease in Redis (then the other instance's one
    // request is refused; polling with whole dry runs would wait on work threads starting up instead).
    const redis = new Redis(REDIS_URL);
    try {
      await expect
        .poll(() => redis.exists(`${redisPrefix}:import-running:demo`), { timeout: 30_000 })
        .toBe(1);
    } finally {
      redis.disconnect();
    }
    const second = await post(two);
    expect(second.status).toBe(409);
    const refused = second.body;
    expect(refused.error).toBe("import-running");
    expect(refused.message).toMatch(
      /^An import is already running for this agency; it started at \d{4}-\d\d-\d\dT[\d:.]+Z\. Try again when it has finished\.$/,
    );
    held.end(text.subarray(100));
    expect(await first).toBe(200);
    // Released at its end: the other instance imports now.
    expect((await post(two)).status).toBe(200);
  }, 60_000); // two servers start inside it (a work thread each on first use), on a busy CI machine

  it("[IMPORT1] a stalled or crashed holder's slot is free once its lease runs out, and its late release frees no one else's", async () => {
    const redisPrefix = prefix();
    const log = () => {};
    // A holder that never renews in time (its instance stalled, or died): a 300 ms lease.
    const stalled = new RedisImportSlots(REDIS_URL, redisPrefix, log, 300, 3_600_000);
    const other = new RedisImportSlots(REDIS_URL, redisPrefix, log);
    slots.push(stalled, other);
    const at = new Date("2026-12-01T10:00:00.000Z");
    const lost = await stalled.begin("demo", at);
    if (!("release" in lost)) throw new Error("the first holder did not get the slot");
    expect(await other.begin("demo", new Date())).toEqual({ startedAt: at });
    const later = new Date("2026-12-01T10:05:00.000Z");
    let taken: ImportSlot = { startedAt: at };
    await expect
      .poll(
        async () => {
          taken = await other.begin("demo", later);
          return "release" in taken;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // The first holder's release, arriving late, leaves the new holder's slot alone.
    await lost.release();
    expect(await stalled.begin("demo", new Date())).toEqual({ startedAt: later });
    const newer = taken as ImportSlot;
    if ("release" in newer) await newer.release();
    const free = await stalled.begin("demo", new Date());
    expect("release" in free).toBe(true);
    if ("release" in free) await free.release();
  });
});
