import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { marketSnapshotSchema, SAMPLE_MARKET_LABEL } from "../../shared/market";
import { centralDate, marketSeedOf, mountMarketApi, sampleMarketSource } from "./api";

describe("GET /api/market/current", () => {
  it("serves the sample snapshot of the Central-time date, labelled sample market data", async () => {
    // 03:00 UTC on Nov 21 is still Nov 20 in Chicago.
    const source = sampleMarketSource(() => new Date("2026-11-21T03:00:00Z"));
    const app = new Hono();
    mountMarketApi(app, source);
    const response = await app.request("/api/market/current");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const snapshot = marketSnapshotSchema.parse(await response.json());
    expect(snapshot.asOf).toBe("2026-11-20");
    expect(snapshot.label).toBe(SAMPLE_MARKET_LABEL);
    expect(snapshot.lrpRates.length).toBeGreaterThan(0);
  });

  it("is sent compressed to a client that accepts gzip", async () => {
    const app = new Hono();
    mountMarketApi(
      app,
      sampleMarketSource(() => new Date("2026-11-20T15:00:00Z")),
    );
    const response = await app.request("/api/market/current", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const body = new Uint8Array(await response.arrayBuffer());
    expect(body.length).toBeLessThan(300_000);
  });

  it("seeds market/current with the very snapshot the route serves", async () => {
    const source = sampleMarketSource(() => new Date("2026-11-20T15:00:00Z"));
    const app = new Hono();
    mountMarketApi(app, source);
    const served = await (await app.request("/api/market/current")).json();
    expect(await marketSeedOf(source)()).toEqual(served);
  });

  it("answers 503 with a reason code when no snapshot is published", async () => {
    const app = new Hono();
    mountMarketApi(app, { current: () => null });
    const response = await app.request("/api/market/current");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: "stale-market-data" });
  });

  it("takes the date in US Central time", () => {
    expect(centralDate(new Date("2026-07-01T04:59:00Z"))).toBe("2026-06-30");
    expect(centralDate(new Date("2026-07-01T05:00:00Z"))).toBe("2026-07-01");
  });
});

describe("market history and fetch failures (docs/market-data.md)", () => {
  const app = new Hono();
  mountMarketApi(
    app,
    sampleMarketSource(() => new Date("2026-11-20T15:00:00Z")),
  );

  it("answers with empty history when nothing is fetched, and explains a bad query", async () => {
    const list = await app.request("/api/market/history?from=2026-11-01&to=2026-11-30");
    expect(await list.json()).toEqual({ snapshots: [] });
    const day = await app.request("/api/market/history/2026-11-20");
    expect(day.status).toBe(404);
    expect(await day.json()).toEqual({
      error: "not-found",
      message: "No market snapshot was published for 2026-11-20",
    });
    const bad = await app.request("/api/market/history?from=2026-11-01");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("invalid-input");
    const badDay = await app.request("/api/market/history/2026-02-30");
    expect(badDay.status).toBe(400);
    const badLevel = await app.request(
      "/api/market/history/lrp?commodity=0801&type=809&length=26&coverageLevel=95&from=2026-11-01&to=2026-11-30",
    );
    expect(badLevel.status).toBe(400);
  });

  it("refuses the failures to everyone when no gate is configured", async () => {
    const response = await app.request("/api/market/fetch-failures");
    expect(response.status).toBe(403);
  });
});
