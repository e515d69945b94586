import "fake-indexeddb/auto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addDays } from "../../../shared/market/dates";
import { MARKET_SNAPSHOTS_PATH } from "../../../shared/market/published";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { documentMarketSource, marketHistoryOf } from "../../../src/lib/sync/market/device-market";
import { SyncClient } from "../../../src/lib/sync/sync-client";
import { demoUser, startTestServer, type TestServer } from "../sync/harness";

// The device's side of a publish (docs/market-data.md): the real sync client (y-indexeddb over an in-memory
// IndexedDB, the browser's storage API in Node) against a real server on 127.0.0.1. The document
// carries a notice; the device fetches each version once, keeps it, and offline reads it from the
// device without asking. The page's relative fetch is sent to the server's origin; the test counts the
// snapshot downloads and can cut the network.

const ASOF = "2026-11-20";
const customer = demoUser("customer@demo.rangeline.test");
let server: TestServer;
/** Snapshot downloads that reached the server, and every attempt (also while offline). */
let downloads = 0;
let attempts = 0;
/** Requests of GET /api/market/current. */
let currentRequests = 0;
let offline = false;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startTestServer();
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" && input.startsWith("/") ? new URL(input, server.url) : input;
    if (String(url).endsWith("/api/market/current")) currentRequests++;
    if (String(url).includes(MARKET_SNAPSHOTS_PATH)) {
      attempts++;
      if (offline) return Promise.reject(new TypeError("fetch failed (offline)"));
      downloads++;
    }
    return realFetch(url, init);
  });
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.stop();
});

const client = async (connect: boolean) =>
  new SyncClient({
    url: server.syncUrl,
    userId: customer.sub,
    user: { id: customer.sub, name: "Customer", color: "#000" },
    token: () => server.token(customer),
    connect,
  });

describe("the market on a device", () => {
  it("fetches a published version once, keeps the one before, and reads it offline without asking", async () => {
    const first = generateSampleSnapshot(ASOF);
    await server.publishMarket(first);
    const online = await client(true);
    const history = marketHistoryOf(online);
    await vi.waitFor(() => expect(history.get().current?.asOf).toBe(ASOF), { timeout: 15_000 });
    expect(downloads).toBe(1);

    const next = generateSampleSnapshot(addDays(ASOF, 3));
    await server.publishMarket(next);
    await vi.waitFor(() => expect(history.get().current?.asOf).toBe(next.asOf), { timeout: 15_000 });
    expect(history.get().previous?.asOf).toBe(ASOF);
    expect(history.get().current).toEqual(next);
    expect(downloads).toBe(2);
    // The quote screens' source takes the device's snapshot while connected: no second download.
    const asked = currentRequests;
    const loaded = await documentMarketSource(online).load();
    expect([(loaded.snapshot as { asOf: string }).asOf, loaded.fromDevice]).toEqual([next.asOf, false]);
    expect(currentRequests).toBe(asked);
    // Let y-indexeddb store the document before the device goes away.
    await new Promise((r) => setTimeout(r, 500));
    await online.close();

    // Offline, later: the notice and the snapshot both come from the device; nothing is downloaded.
    offline = true;
    const away = await client(false);
    const kept = marketHistoryOf(away);
    await vi.waitFor(() => expect(kept.get().current?.asOf).toBe(next.asOf), { timeout: 15_000 });
    expect(kept.get().current).toEqual(next);
    expect(kept.get().previous?.asOf).toBe(ASOF);
    expect([downloads, attempts]).toEqual([2, 2]);
    await away.close();
    offline = false;
  });

  it("when the new version cannot be fetched, the last snapshot stays current and the fetch is tried again", async () => {
    const before = generateSampleSnapshot(addDays(ASOF, 4));
    await server.publishMarket(before);
    const device = await client(true);
    const history = marketHistoryOf(device);
    await vi.waitFor(() => expect(history.get().current?.asOf).toBe(before.asOf), { timeout: 15_000 });
    offline = true; // the socket stays up, HTTP fails
    const tried = attempts;
    const after = generateSampleSnapshot(addDays(ASOF, 5));
    await server.publishMarket(after);
    await vi.waitFor(() => expect(attempts).toBeGreaterThan(tried), { timeout: 10_000 });
    expect(history.get().current?.asOf).toBe(before.asOf);
    offline = false;
    // Tried again 15 s later.
    await vi.waitFor(() => expect(history.get().current?.asOf).toBe(after.asOf), { timeout: 25_000 });
    expect(history.get().previous?.asOf).toBe(before.asOf);
    await device.close();
  }, 60_000);
});
