import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketSnapshotSchema } from "../../../shared/market/snapshot";
import { type FixtureServer, filesFor, startFixtureServer } from "../market/fixture-server";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// The tools screen's market upload (docs/administration.md): RMA files go through the feed's importer on the
// server; a bad file is refused with its line and column and nothing is published; a good one is
// published to `market/current` (and, with a market feed, kept in history) with the parts not uploaded
// carried over. The job runs (market fetch) and the SMS outbox are listed. SuperAdmin only.

const superAdmin = demoUser("superadmin@demo.rangeline.test");
const admin = demoUser("admin@demo.rangeline.test");
const NOV20 = filesFor("2026-11-20");

async function documentAsOf(server: TestServer): Promise<unknown> {
  const direct = await server.hocuspocus.openDirectConnection("market/current", { server: true });
  try {
    let asOf: unknown;
    await direct.transact((doc) => {
      asOf = doc.getMap("snapshot").get("asOf");
    });
    return asOf;
  } finally {
    await direct.disconnect();
  }
}

const caller =
  (server: () => TestServer) =>
  async (user: { sub: string }, method: string, path: string, json?: unknown) => {
    const response = await fetch(new URL(path, server().url), {
      method,
      headers: {
        authorization: `Bearer ${await server().token(user)}`,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

describe("market upload without a market feed", () => {
  let server: TestServer;
  const call = caller(() => server);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("[ACL11] superAdmin only", async () => {
    const files = { lrpRate: { name: "A00630_LrpRate.txt", text: NOV20.lrpRate } };
    expect((await call(admin, "POST", "/api/platform/market/upload", { files, publish: true })).status).toBe(
      403,
    );
    expect((await call(admin, "GET", "/api/platform/jobs")).status).toBe(403);
    expect((await call(admin, "GET", "/api/platform/sms-outbox")).status).toBe(403);
  });

  it("a bad file is refused with its line and column; nothing is published", async () => {
    const before = await documentAsOf(server);
    const lines = NOV20.lrpRate.split("\n");
    lines[3] = (lines[3] as string).replace("|260.000|", "|26O.000|");
    const bad = await call(superAdmin, "POST", "/api/platform/market/upload", {
      files: {
        lrpRate: { name: "A00630_LrpRate.txt", text: lines.join("\n") },
        futures: { name: "futures.csv", text: NOV20.futures },
      },
      publish: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'A00630_LrpRate.txt: line 4, column 25 (Expected Ending Value Amount): expected a number, found "26O.000"',
    );
    expect(await documentAsOf(server)).toBe(before);
    const none = await call(superAdmin, "POST", "/api/platform/market/upload", { files: {}, publish: true });
    expect(none.status).toBe(400);
    expect(String(none.body.message)).toContain("choose at least one file");
  });

  it("checks without publishing, then publishes to every device", async () => {
    const files = { lrpRate: { name: "A00630_LrpRate.txt", text: NOV20.lrpRate } };
    const checked = await call(superAdmin, "POST", "/api/platform/market/upload", { files, publish: false });
    expect(checked.body).toMatchObject({ published: false, asOf: "2026-11-20", counts: { lrpRates: 7 } });
    expect(await documentAsOf(server)).not.toBe("2026-11-20");
    const published = await call(superAdmin, "POST", "/api/platform/market/upload", { files, publish: true });
    expect(published.body).toMatchObject({
      published: true,
      kept: false,
      uploaded: ["lrpRates"],
      carried: [],
    });
    expect(await documentAsOf(server)).toBe("2026-11-20");
    // A second upload carries the first one's parts over.
    const futures = await call(superAdmin, "POST", "/api/platform/market/upload", {
      files: { futures: { name: "futures.csv", text: NOV20.futures } },
      publish: true,
    });
    expect(futures.body).toMatchObject({
      uploaded: ["futures"],
      carried: ["lrpRates"],
      counts: { lrpRates: 7, futures: 13 },
    });
    const jobs = await call(superAdmin, "GET", "/api/platform/jobs");
    expect(jobs.body).toEqual({ configured: false, runs: [] });
  });
});

describe("market upload with the market feed: kept in history; job runs listed", () => {
  let http: FixtureServer;
  let server: TestServer;
  const call = caller(() => server);
  const THURSDAY = Date.parse("2026-11-19T21:45:00Z"); // 15:45 Central, after RMA publishes
  beforeAll(async () => {
    http = await startFixtureServer();
    server = await startTestServer(
      {
        MARKET_A00630_URL: `${http.url}/lrp/{yyyymmdd}.zip`,
        MARKET_A00620_URL: `${http.url}/lrp/{yyyymmdd}.zip`,
        MARKET_A00600_URL: `${http.url}/lgm/{yyyymmdd}.zip`,
        MARKET_A00610_URL: `${http.url}/lgm/{yyyymmdd}.zip`,
        MARKET_FUTURES_URL: `${http.url}/futures/{yyyymmdd}.csv`,
        MARKET_FETCH_TIMEOUT_MS: "3000",
      },
      { marketFeed: { manual: true, clock: () => new Date(THURSDAY), retry: { firstMs: 10, maxMs: 20 } } },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await http?.close();
  });

  it("lists the day's fetch run, publishes an upload over it and keeps it", async () => {
    expect(await server.market.feed?.tick()).toEqual({ status: "done", attempts: 1 });
    const jobs = await call(superAdmin, "GET", "/api/platform/jobs");
    expect(jobs.body.configured).toBe(true);
    expect(jobs.body.runs).toEqual([
      expect.objectContaining({ job: "market-fetch", runKey: "2026-11-19", status: "done" }),
    ]);

    // The next day's LRP rates, uploaded by hand: LGM, actual ending values and futures carried over.
    const published = await call(superAdmin, "POST", "/api/platform/market/upload", {
      files: { lrpRate: { name: "A00630_LrpRate.txt", text: NOV20.lrpRate } },
      publish: true,
    });
    expect(published.body).toMatchObject({
      published: true,
      kept: true,
      asOf: "2026-11-20",
      uploaded: ["lrpRates"],
      carriedFrom: "2026-11-19",
    });
    expect((published.body.carried as string[]).sort()).toEqual(["futures", "lgm", "lrpActualEndingValues"]);
    const current = marketSnapshotSchema.parse(
      await (await fetch(new URL("/api/market/current", server.url))).json(),
    );
    expect(current.asOf).toBe("2026-11-20");
    expect(current.sources?.find((s) => s.part === "lrpRates")?.name).toBe(
      "RMA A00630_LrpRate (uploaded: A00630_LrpRate.txt)",
    );
    expect(current.lgm.length).toBeGreaterThan(0);
    const kept = await fetch(new URL("/api/market/history/2026-11-20", server.url));
    expect(kept.status).toBe(200);
    expect(await documentAsOf(server)).toBe("2026-11-20");
  });
});
