import { afterEach, describe, expect, it, vi } from "vitest";
import { generateSampleSnapshot } from "../../../../shared/market";
import type { PublishedMarket } from "../../../../shared/market/published";
import type { SyncedDocument } from "../synced-document";
import { MarketHistory } from "./market-history";

// One download of one snapshot (MarketHistory.expect): a notice whose version the page is downloading
// anyway (GET /api/market/current, its version in the ETag) takes that download instead of fetching
// /api/market/snapshots/{version} too.

const snapshot = generateSampleSnapshot("2026-11-18");
const VERSION = "2026-11-18.0123456789abcdef";
const notice: PublishedMarket = { asOf: "2026-11-18", label: snapshot.label, version: VERSION };

/** The market document as MarketHistory reads it: not loaded until `arrive`. */
function marketDocument() {
  let state = { loaded: false, data: {} as { snapshot?: unknown } };
  const listeners = new Set<() => void>();
  const local = new Map<string, unknown>();
  const document = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getLocal: async (key: string) => local.get(key),
    setLocal: async (key: string, value: unknown) => {
      local.set(key, value);
    },
  } as unknown as SyncedDocument<"market">;
  const arrive = (section: unknown) => {
    state = { loaded: true, data: { snapshot: section } };
    for (const listener of listeners) listener();
  };
  return { document, arrive, local };
}

const current = (history: MarketHistory) =>
  vi.waitFor(() => {
    const value = history.get().current;
    if (!value) throw new Error("no current snapshot yet");
    return value;
  });

afterEach(() => vi.unstubAllGlobals());

describe("the market history and the page's own download of the snapshot", () => {
  it("takes the download of the notice's version and fetches nothing", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { document, arrive, local } = marketDocument();
    const history = new MarketHistory(document);
    history.expect(Promise.resolve({ snapshot, version: VERSION }));
    arrive(notice);
    expect({ asOf: (await current(history)).asOf, fetches: fetch.mock.calls.length }).toEqual({
      asOf: "2026-11-18",
      fetches: 0,
    });
    expect(local.get("market:last-seen-version")).toBe(VERSION);
  });

  it("fetches the notice's snapshot when the download is of another version, or failed", async () => {
    for (const offered of [
      () => Promise.resolve({ snapshot, version: "2026-11-17.fedcba9876543210" }),
      () => Promise.reject(new Error("offline")),
    ]) {
      const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(snapshot), { status: 200 }));
      vi.stubGlobal("fetch", fetch);
      const { document, arrive } = marketDocument();
      const history = new MarketHistory(document);
      history.expect(offered());
      arrive(notice);
      await current(history);
      expect(fetch.mock.calls.map(([url]) => url)).toEqual([`/api/market/snapshots/${VERSION}`]);
      history.close();
    }
  });
});
