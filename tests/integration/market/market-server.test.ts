import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketSnapshotSchema } from "../../../shared/market/snapshot";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";
import { type FixtureServer, startFixtureServer } from "./fixture-server";

// The whole server with MARKET_* pointing at a local fixture server: the feed publishes into
// `market/current` and GET /api/market/current, keeps history, and shows failures to super
// administrators only.

const THURSDAY = Date.parse("2026-11-19T21:45:00Z"); // 15:45 Central
let clockAt = THURSDAY;
let setAt = Date.now();
/** The server's clock: from `clockAt`, running 1000× faster than real time. */
const clock = () => new Date(clockAt + (Date.now() - setAt) * 1000);
let http: FixtureServer;
let server: TestServer;

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
    { marketFeed: { manual: true, clock, retry: { firstMs: 10, maxMs: 20 } } },
  );
});
afterAll(async () => {
  await server?.stop();
  await http?.close();
});

const get = (path: string, token?: string) =>
  fetch(new URL(path, server.url), token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe("the server's market feed", () => {
  it("serves the labelled sample until a day is fetched, then RMA's snapshot with its sources, in the document too", async () => {
    expect((await (await get("/api/market/current")).json()).label).toBe("sample market data");
    setAt = Date.now();
    expect(await server.market.feed?.tick()).toEqual({ status: "done", attempts: 1 });
    const snapshot = marketSnapshotSchema.parse(await (await get("/api/market/current")).json());
    expect([snapshot.asOf, snapshot.label, snapshot.sources?.length]).toEqual([
      "2026-11-19",
      "RMA livestock data",
      5,
    ]);
    const direct = await server.hocuspocus.openDirectConnection("market/current", { server: true });
    try {
      let asOf: unknown;
      await direct.transact((doc) => {
        asOf = doc.getMap("snapshot").get("asOf");
      });
      expect(asOf).toBe("2026-11-19");
    } finally {
      await direct.disconnect();
    }
  });

  it("keeps every published day: a range of dates and one day's snapshot", async () => {
    const list = await (await get("/api/market/history?from=2026-11-01&to=2026-11-30")).json();
    expect(list.snapshots.map((s: { asOf: string }) => s.asOf)).toEqual(["2026-11-19"]);
    const day = marketSnapshotSchema.parse(await (await get("/api/market/history/2026-11-19")).json());
    expect(day.lrpRates).toHaveLength(7);
    expect((await get("/api/market/history/2026-11-18")).status).toBe(404);
    const lrp = await (
      await get(
        "/api/market/history/lrp?commodity=0801&type=810&length=13&coverageLevel=0.95&from=2026-11-01&to=2026-11-30",
      )
    ).json();
    // The stored day is real; the other weekdays are labelled sample (docs/market-data.md).
    expect(lrp.days.filter((d: { source: string }) => d.source === "real")).toEqual([
      {
        asOf: "2026-11-19",
        coverageLevel: 0.95,
        coveragePrice: 75,
        expectedEndingValue: 78.95,
        rate: 0.01399,
        costPerCwt: 1.049,
        endDate: "2027-02-19",
        requestedLevel: 0.95,
        source: "real",
      },
    ]);
    // Thursday is the LGM sales day: the national yearling margins, also for a state without its own.
    const lgm = await (
      await get("/api/market/history/lgm?commodity=0803&type=808&stateCode=31&from=2026-11-19&to=2026-11-19")
    ).json();
    expect(lgm.days.map((d: { expectedGrossMargins: number[] }) => d.expectedGrossMargins[3])).toEqual([
      180.25,
    ]);
    const badLrp = await get(
      "/api/market/history/lrp?commodity=801&type=810&length=13&coverageLevel=0.95&from=2026-11-01&to=2026-11-30",
    );
    expect(badLrp.status).toBe(400);
    expect((await badLrp.json()).message).toBe("The query is invalid: commodity: must be 4 digits");
    const bad = await get("/api/market/history?from=2026-11-30&to=2026-11-01");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("The query is invalid: from: from must not be after to");
  });

  it("records a failed day and shows it to super administrators only; the last good snapshot stays", async () => {
    http.mode = "fail";
    clockAt = Date.parse("2026-11-21T01:59:00Z"); // Friday 19:59 Central, a minute before the deadline
    setAt = Date.now();
    expect((await server.market.feed?.tick())?.status).toBe("failed");
    http.mode = "ok";
    expect((await (await get("/api/market/current")).json()).asOf).toBe("2026-11-19");
    expect((await get("/api/market/fetch-failures")).status).toBe(401);
    const agent = await server.token(demoUser("agent@demo.rangeline.test"));
    expect((await get("/api/market/fetch-failures", agent)).status).toBe(403);
    const superAdmin = await server.token(demoUser("superadmin@demo.rangeline.test"));
    const response = await get("/api/market/fetch-failures?limit=5", superAdmin);
    expect(response.status).toBe(200);
    const { failures } = await response.json();
    expect(failures[0]).toMatchObject({
      runKey: "2026-11-20",
      message: expect.stringMatching(/^gave up after/),
    });
    expect(failures[1]).toMatchObject({
      runKey: "2026-11-20",
      message: `GET ${http.url}/lrp/20261120.zip: HTTP 500`,
    });
  });
});
