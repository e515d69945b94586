import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import { quoteLrp } from "../../../shared/pricing/lrp/quote";
import type { JobStore } from "../../../sync-server/jobs/store";
import { openPostgresJobStore, openSqliteJobStore } from "../../../sync-server/jobs/tables";
import { sampleMarketSource } from "../../../sync-server/market/api";
import { createMarketFeed, type MarketFeedConfig } from "../../../sync-server/market/feed";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";
import { type FixtureServer, startFixtureServer } from "./fixture-server";

// The market feed against a local HTTP server on 127.0.0.1 that serves RMA-style daily zips and the
// futures CSV — or fails, hangs, cuts a file short or serves yesterday's file. The clock runs 1000×
// faster than real time from a chosen Central time, so a deadline minutes away passes in milliseconds.

const THURSDAY = Date.parse("2026-11-19T21:45:00Z"); // 15:45 Central
const FRIDAY = Date.parse("2026-11-20T21:45:00Z");
const fastClock = (from: number) => {
  const start = Date.now();
  return () => new Date(from + (Date.now() - start) * 1000);
};

let http: FixtureServer;
let dir: string;
beforeAll(async () => {
  http = await startFixtureServer();
  dir = mkdtempSync(join(tmpdir(), "rangeline-feed-"));
});
afterAll(async () => {
  await http.close();
  rmSync(dir, { recursive: true, force: true });
});

function feedConfig(overrides: Partial<MarketFeedConfig> = {}): MarketFeedConfig {
  return {
    urls: {
      lrpRate: `${http.url}/lrp/{yyyymmdd}.zip`,
      lrpActualEndingValue: `${http.url}/lrp/{yyyymmdd}.zip`,
      lgmGrossMargin: `${http.url}/lgm/{yyyymmdd}.zip`,
      lgmDraw: `${http.url}/lgm/{yyyymmdd}.zip`,
      futures: `${http.url}/futures/{yyyymmdd}.csv?key=SECRET`,
    },
    fetchAt: 15 * 60 + 30,
    deadline: 20 * 60,
    timeoutMs: 4000,
    lgmWeekday: 4,
    ...overrides,
  };
}

function newFeed(name: string, from: number, overrides: Partial<MarketFeedConfig> = {}) {
  const store = openSqliteJobStore(join(dir, `${name}.sqlite`));
  const published: MarketSnapshot[] = [];
  const feed = createMarketFeed({
    store,
    owner: `instance-${name}`,
    config: feedConfig(overrides),
    publish: async (s) => {
      published.push(s);
    },
    fallback: sampleMarketSource(() => new Date(from)),
    clock: fastClock(from),
    retry: { firstMs: 20, maxMs: 100 },
  });
  return { feed, store, published };
}

describe("the market feed", () => {
  it("fetches a trading day's files, publishes one snapshot that prices offers, and says where each part came from", async () => {
    http.mode = "ok";
    const { feed, store, published } = newFeed("ok", THURSDAY);
    expect((await feed.source.current())?.label).toBe("sample market data");
    const first = await feed.tick();
    expect(first, JSON.stringify(await store.listFailures())).toEqual({ status: "done", attempts: 1 });
    expect(published).toHaveLength(1);
    const snapshot = published[0];
    expect([snapshot.asOf, snapshot.label, snapshot.lrpRates.length, snapshot.lgm.length]).toEqual([
      "2026-11-19",
      "RMA livestock data",
      7,
      2,
    ]);
    expect(snapshot.sources?.map((s) => [s.part, s.name, s.date])).toEqual([
      ["lrpRates", "RMA A00630_LrpRate", "2026-11-19"],
      ["lrpActualEndingValues", "RMA A00620_LrpActualEndingValue", "2026-11-19"],
      ["lgm", "RMA A00600_LgmGrossMargin", "2026-11-19"],
      ["lgm", "RMA A00610_LgmDraw", "2026-11-19"],
      ["futures", "futures settlements", "2026-11-19"],
    ]);
    // The provider key in the address is never kept.
    expect(JSON.stringify(snapshot.sources)).not.toContain("SECRET");
    expect(snapshot.sources?.[0].url).toBe(`${http.url}/lrp/20261119.zip`);
    expect((await feed.source.current())?.asOf).toBe("2026-11-19");
    const quote = quoteLrp(
      {
        commodity: "0801",
        type: "810",
        endorsementLengthWeeks: 13,
        coverageLevel: 0.95,
        head: 100,
        targetWeightCwt: 7.5,
        farmerClassification: "Neither",
        cropYear: 2027,
        salesDate: "2026-11-19",
      },
      (await feed.source.current()) as MarketSnapshot,
    );
    expect([quote.totalPremium, quote.producerPremium]).toEqual([787, 512]);
    // Once per day: the next check finds the day done.
    expect(await feed.tick()).toBeNull();
    expect(published).toHaveLength(1);
    expect((await feed.snapshotOf("2026-11-19"))?.lrpRates).toEqual(snapshot.lrpRates);
    await store.close();
  });

  it("retries a failing server and publishes once it answers; LGM is carried over between its sales days", async () => {
    http.mode = "ok";
    const { feed, store, published } = newFeed("retry", THURSDAY);
    await feed.tick();
    const friday = newFeedOn(store, FRIDAY, published);
    http.failFirst = 2;
    const outcome = await friday.tick();
    expect(outcome).toEqual({ status: "done", attempts: 3 });
    const snapshot = published[1];
    expect(snapshot.asOf).toBe("2026-11-20");
    // Friday: no LGM fetch; Thursday's LGM sets stay, with their source and date.
    expect(snapshot.sources?.filter((s) => s.part === "lgm").map((s) => s.date)).toEqual([
      "2026-11-19",
      "2026-11-19",
    ]);
    expect(snapshot.lgm).toEqual(published[0].lgm);
    expect(http.requests.filter((r) => r.startsWith("/lgm/20261120"))).toEqual([]);
    const failures = await store.listFailures({ limit: 10 });
    expect(failures.map((f) => f.message)).toEqual([
      `GET ${http.url}/lrp/20261120.zip: HTTP 503`,
      `GET ${http.url}/lrp/20261120.zip: HTTP 503`,
    ]);
    await store.close();
  });

  it.each([
    ["fail", `GET {url}/lrp/20261120.zip: HTTP 500`],
    ["slow", `GET {url}/lrp/20261120.zip: no answer within 4000 ms`],
    ["truncated", "20261120.zip: not a complete zip archive (no end of central directory; truncated?)"],
    [
      "wrong",
      "20261120.zip:2027_A00630_LrpRate_Daily_20261119.txt: no offers for 2026-11-20 (latest Sales Effective Date 2026-11-19): not this day's file yet",
    ],
  ] as const)(
    "keeps the last good snapshot when the server is %s until the deadline, and records why",
    async (mode, why) => {
      http.mode = "ok";
      const name = `bad-${mode}`;
      const { feed, store, published } = newFeed(name, THURSDAY);
      await feed.tick();
      // 19:58 Central: the 20:00 deadline is two (fast) minutes away.
      http.mode = mode;
      const friday = newFeedOn(store, Date.parse("2026-11-21T01:58:00Z"), published);
      const outcome = await friday.tick();
      expect(outcome?.status).toBe("failed");
      expect(published).toHaveLength(1);
      expect((await friday.source.current())?.asOf).toBe("2026-11-19");
      const failures = await store.listFailures();
      expect(failures[0].message).toMatch(/^gave up after \d+ attempts?: the deadline has passed$/);
      expect(failures[1]).toMatchObject({ runKey: "2026-11-20", message: why.replace("{url}", http.url) });
      expect(await store.runStatus("market-fetch", "2026-11-20")).toBe("failed");
      expect(await friday.tick()).toBeNull(); // not again that day
      http.mode = "ok";
      await store.close();
    },
  );

  it("publishes exactly once when two instances check the same day at the same time", async () => {
    http.mode = "ok";
    const file = join(dir, "shared.sqlite");
    const published: MarketSnapshot[] = [];
    const feeds = ["a", "b", "c"].map((owner) =>
      createMarketFeed({
        store: openSqliteJobStore(file),
        owner,
        config: feedConfig(),
        publish: async (s) => {
          published.push(s);
        },
        fallback: sampleMarketSource(() => new Date(THURSDAY)),
        clock: fastClock(THURSDAY),
      }),
    );
    const outcomes = await Promise.all(feeds.map((f) => f.tick()));
    expect(outcomes.filter((o) => o?.status === "done")).toHaveLength(1);
    expect(published).toHaveLength(1);
    // And after a restart (a new store on the same file) the day is done.
    const restarted = createMarketFeed({
      store: openSqliteJobStore(file),
      owner: "a-restarted",
      config: feedConfig(),
      publish: async (s) => {
        published.push(s);
      },
      fallback: sampleMarketSource(),
      clock: fastClock(THURSDAY + 3_600_000),
    });
    expect(await restarted.tick()).toBeNull();
    expect(published).toHaveLength(1);
  });

  it("takes over a day whose holder crashed once its lease has expired, and publishes it once", async () => {
    http.mode = "ok";
    const { feed, store, published } = newFeed("crash", THURSDAY);
    // Another instance claimed the day and died: its lease covers one attempt (5 × timeout + 1 min).
    const leaseMs = 5 * 4000 + 60_000;
    expect(
      await store.claimRun("market-fetch", "2026-11-19", "dead", THURSDAY - 1000, THURSDAY - 1000 + leaseMs),
    ).toBe("claimed");
    expect(await feed.tick()).toEqual({ status: "skipped", state: "running" });
    expect(published).toHaveLength(0);
    const later = newFeedOn(store, THURSDAY + leaseMs, published);
    expect(await later.tick()).toEqual({ status: "done", attempts: 1 });
    expect(published).toHaveLength(1);
    await store.close();
  });

  it("stops a retrying day at once when the server shuts down, leaving it to the lease", async () => {
    http.mode = "fail";
    const store = openSqliteJobStore(join(dir, "stop.sqlite"));
    const feed = createMarketFeed({
      store,
      owner: "stopping",
      config: feedConfig(),
      publish: async () => {},
      fallback: sampleMarketSource(() => new Date(THURSDAY)),
      clock: () => new Date(THURSDAY),
      retry: { firstMs: 30_000, maxMs: 30_000 },
    });
    const running = feed.tick();
    await expect.poll(() => store.listFailures().then((f) => f.length)).toBe(1);
    const stoppedAt = Date.now();
    feed.stop();
    expect(await running).toEqual({ status: "skipped", state: "running" });
    expect(Date.now() - stoppedAt).toBeLessThan(5000); // not the 30 s wait
    expect(await store.runStatus("market-fetch", "2026-11-19")).toBe("running");
    http.mode = "ok";
    await store.close();
  });

  it("does nothing before RMA's posting time, after the deadline or at weekends", async () => {
    const { feed, store, published } = newFeed("quiet", Date.parse("2026-11-20T20:00:00Z")); // 14:00 CT
    expect(await feed.tick()).toBeNull();
    const saturday = newFeedOn(store, Date.parse("2026-11-21T21:45:00Z"), published);
    expect(await saturday.tick()).toBeNull();
    expect(http.requests.some((r) => r.includes("20261121"))).toBe(false);
    expect(published).toHaveLength(0);
    await store.close();
  });

  it("tells the super administrators when the sales calendar has no report days for the year (2028), not before", async () => {
    // RMA's posting time to the deadline is one minute: the day's fetch (no files for these days) gives up
    // at once; the calendar's check comes before it.
    const quick = { fetchAt: 15 * 60 + 30, deadline: 15 * 60 + 31 };
    const uncovered = newFeed("calendar-2028", Date.parse("2028-01-04T21:30:00Z"), quick); // Tuesday 15:30 CT
    await uncovered.feed.tick();
    const failures = await uncovered.store.listFailures();
    expect(failures.find((f) => f.attempt === 0)).toMatchObject({
      job: "market-fetch",
      runKey: "2028-01-04",
      message: expect.stringContaining("no USDA report days for 2028"),
    });
    await uncovered.store.close();
    const covered = newFeed("calendar-2027", Date.parse("2027-12-28T21:30:00Z"), quick); // Tuesday 15:30 CT
    await covered.feed.tick();
    expect((await covered.store.listFailures()).filter((f) => f.attempt === 0)).toEqual([]);
    expect(await covered.store.listFailures()).not.toEqual([]);
    await covered.store.close();
  });

  it("expects no fetch on a CME holiday (Thanksgiving 2026-11-26, shared/market/calendar.ts): no request, no failure", async () => {
    const { feed, store, published } = newFeed("holiday", Date.parse("2026-11-26T21:45:00Z")); // 15:45 CT
    expect(await feed.tick()).toBeNull();
    expect(http.requests.some((r) => r.includes("20261126"))).toBe(false);
    expect(await store.runStatus("market-fetch", "2026-11-26")).toBeNull();
    expect(await store.listFailures()).toEqual([]);
    expect(published).toHaveLength(0);
    await store.close();
  });
});

/** A second feed (a later day, or another instance after a restart) on the same store. */
function newFeedOn(store: JobStore, from: number, published: MarketSnapshot[]) {
  return createMarketFeed({
    store,
    owner: `instance-${from}`,
    config: feedConfig(),
    publish: async (s) => {
      published.push(s);
    },
    fallback: sampleMarketSource(() => new Date(from)),
    clock: fastClock(from),
    retry: { firstMs: 20, maxMs: 100 },
  });
}

describe.runIf(postgresAvailable)("the market feed on PostgreSQL", () => {
  const schema = uniqueSchema("feed");
  afterAll(async () => {
    await dropSchema(schema);
  });

  it("publishes exactly once when two instances, each with its own connection pool, check the same day", async () => {
    http.mode = "ok";
    const published: string[] = [];
    const stores = await Promise.all(
      ["a", "b"].map(() => openPostgresJobStore({ connectionString: POSTGRES_URL, schema })),
    );
    const feeds = stores.map((store, i) =>
      createMarketFeed({
        store,
        owner: `pg-${i}`,
        config: feedConfig(),
        publish: async (s) => {
          published.push(`${i}:${s.asOf}`);
        },
        fallback: sampleMarketSource(() => new Date(THURSDAY)),
        clock: fastClock(THURSDAY),
      }),
    );
    const outcomes = await Promise.all(feeds.map((f) => f.tick()));
    expect(outcomes.filter((o) => o?.status === "done")).toHaveLength(1);
    expect(published).toHaveLength(1);
    // The other instance serves what the first published, from the shared table.
    const other = feeds[outcomes.findIndex((o) => o?.status !== "done")];
    expect((await other.source.current())?.asOf).toBe("2026-11-19");
    for (const store of stores) await store.close();
  });
});

describe("report days (shared/market/calendar.ts)", () => {
  it("leave the suspended group's offers of that day out, and keep the other group's and earlier days'", async () => {
    const { generateSampleSnapshot } = await import("../../../shared/market/sample/generate");
    const { withoutSuspendedOffers } = await import("../../../sync-server/market/feed");
    // 2026-01-23: Cattle on Feed report day (cattle suspended, swine sold).
    const day = generateSampleSnapshot("2026-01-23");
    const kept = withoutSuspendedOffers(day, "2026-01-23");
    const today = (s: MarketSnapshot, code: string) =>
      s.lrpRates.filter((r) => r.commodityCode === code && r.salesEffectiveDate === "2026-01-23").length;
    expect(today(day, "0801")).toBeGreaterThan(0);
    expect([today(kept, "0801"), today(kept, "0802")]).toEqual([0, 0]);
    expect(today(kept, "0815")).toBe(today(day, "0815"));
    // An ordinary day keeps everything.
    const monday = generateSampleSnapshot("2026-01-26");
    expect(withoutSuspendedOffers(monday, "2026-01-26").lrpRates).toHaveLength(monday.lrpRates.length);
  });
});
