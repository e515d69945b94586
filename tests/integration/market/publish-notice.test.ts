import { type IncomingHttpHeaders, request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { addDays } from "../../../shared/market/dates";
import {
  fetchPublishedSnapshot,
  publishedMarketOf,
  publishedSnapshotPath,
} from "../../../shared/market/published";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { marketSnapshotSchema } from "../../../shared/market/snapshot";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// docs/market-data.md: a publish is a small update of `market/current` — a notice with the as-of date, label,
// sources and a content version — and the snapshot itself is served once per version from an immutable
// address (GET /api/market/snapshots/{version}); GET /api/market/current answers with the same bytes and
// an ETag. A real server on 127.0.0.1 and a real synced client of the document.

const ASOF = "2026-11-20";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

function rawGet(url: URL, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, server.url), { headers });

describe("publishing a market snapshot", () => {
  it("sends connected clients a notice of a few hundred bytes, not the snapshot", async () => {
    const first = generateSampleSnapshot(ASOF);
    await server.publishMarket(first);
    const customer = connect(
      server.syncUrl,
      "market/current",
      await server.token(demoUser("customer@demo.rangeline.test")),
    );
    try {
      expect(await customer.ready).toBe(true);
      const updates: number[] = [];
      customer.doc.on("update", (update: Uint8Array) => updates.push(update.byteLength));
      const next = generateSampleSnapshot(addDays(ASOF, 3));
      await server.publishMarket(next);
      await expect.poll(() => customer.doc.getMap("snapshot").get("asOf")).toBe(next.asOf);
      const section = customer.doc.getMap("snapshot").toJSON();
      expect(Object.keys(section).sort()).toEqual(["asOf", "label", "source", "version"]);
      const notice = publishedMarketOf(section);
      expect(notice?.version).toMatch(/^2026-11-23\.[0-9a-f]{16}$/);
      // The whole snapshot is ~600 KB of JSON; the update a client receives is the notice.
      expect(JSON.stringify(next).length).toBeGreaterThan(500_000);
      expect(updates.reduce((a, b) => a + b, 0)).toBeLessThan(1000);
      // The notice names exactly the published snapshot.
      const fetched = await fetchPublishedSnapshot(notice as NonNullable<typeof notice>, {
        origin: server.url,
      });
      expect(marketSnapshotSchema.parse(fetched)).toEqual(next);
    } finally {
      customer.destroy();
    }
  });

  it("serves a version for good: gzip, strong ETag, immutable; 304 on a match; 400 and 404 say why", async () => {
    const snapshot = generateSampleSnapshot(addDays(ASOF, 4));
    await server.publishMarket(snapshot);
    const direct = await server.hocuspocus.openDirectConnection("market/current", { server: true });
    let version = "";
    await direct.transact((doc) => {
      version = String(doc.getMap("snapshot").get("version"));
    });
    await direct.disconnect();

    const path = publishedSnapshotPath(version);
    // The bytes as sent (fetch would decompress them).
    const gz = await rawGet(new URL(path, server.url), { "accept-encoding": "gzip" });
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gz.headers.etag).toBe(`"${version}+gzip"`);
    const body = gz.body;
    expect(body.byteLength).toBeLessThan(150_000);
    expect(JSON.parse(gunzipSync(body).toString("utf8"))).toEqual(snapshot);

    const plain = await get(path, { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as { asOf: string }).asOf).toBe(snapshot.asOf);

    expect((await get(path, { "if-none-match": `"${version}+gzip"` })).status).toBe(304);
    expect((await get(path, { "if-none-match": `"${version}"`, "accept-encoding": "identity" })).status).toBe(
      304,
    );
    // The identity tag does not validate the gzip representation.
    expect((await get(path, { "if-none-match": `"${version}"` })).status).toBe(200);

    const bad = await get("/api/market/snapshots/..%2Fcurrent");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(
      /^The path is invalid: version must be YYYY-MM-DD\.<16 hex digits>, got /,
    );
    const unknown = await get(`/api/market/snapshots/${snapshot.asOf}.0000000000000000`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(
      `No market snapshot ${snapshot.asOf}.0000000000000000 is published on this server`,
    );
  });

  it("GET /api/market/current answers with the same bytes, revalidated by ETag", async () => {
    const current = await get("/api/market/current", { "accept-encoding": "gzip" });
    expect(current.status).toBe(200);
    expect(current.headers.get("cache-control")).toBe("no-cache");
    const etag = current.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"\d{4}-\d{2}-\d{2}\.[0-9a-f]{16}\+gzip"$/);
    const snapshot = marketSnapshotSchema.parse(await current.json());
    expect(etag).toContain(snapshot.asOf);
    expect((await get("/api/market/current", { "if-none-match": etag })).status).toBe(304);
    expect(
      (await get("/api/market/current", { "if-none-match": '"2020-01-01.0000000000000000"' })).status,
    ).toBe(200);
  });

  it("a section is a notice only with a version the server makes (the one thing put in an address)", () => {
    const doc = new Y.Doc();
    expect(publishedMarketOf(doc.getMap("snapshot").toJSON())).toBeNull();
    expect(publishedMarketOf({ asOf: ASOF, label: "x", version: "../../etc" })).toBeNull();
    expect(publishedMarketOf({ asOf: ASOF, label: "x", version: `${ASOF}.0123456789abcdef` })?.asOf).toBe(
      ASOF,
    );
  });
});
