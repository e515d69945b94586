import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { sqliteJobStoreIn } from "../jobs/tables";
import { embeddedMarketSource } from "./api";
import { encodeSnapshot } from "./encoded";
import { createMarketFeed } from "./feed";

// A published snapshot is serialised and gzipped once (docs/market-data.md): the publish path hands on shallow
// copies ({ ...snapshot }), and the feed keeps the same bytes in the history that the route serves.

const asRecord = (s: MarketSnapshot) => s as unknown as Record<string, unknown>;

describe("encodeSnapshot", () => {
  it("encodes a shallow copy of an encoded snapshot without serialising it again", () => {
    const snapshot = asRecord(generateSampleSnapshot("2026-11-13"));
    const encoded = encodeSnapshot(snapshot);
    expect(encodeSnapshot({ ...snapshot })).toBe(encoded);
    expect(encodeSnapshot({ ...{ ...snapshot } })).toBe(encoded);
    expect(gunzipSync(encoded.gzip).toString("utf8")).toBe(JSON.stringify(snapshot));
  });

  it("a copy that differs in a value or in key order is encoded on its own", () => {
    const snapshot = asRecord(generateSampleSnapshot("2026-11-16"));
    const encoded = encodeSnapshot(snapshot);
    const relabelled = encodeSnapshot({ ...snapshot, label: "market data" });
    expect(relabelled).not.toBe(encoded);
    expect(relabelled.version).not.toBe(encoded.version);
    const { asOf, ...rest } = snapshot;
    const reordered = encodeSnapshot({ ...rest, asOf });
    expect(reordered.version).not.toBe(encoded.version); // other JSON, other hash
    expect(JSON.parse(reordered.json.toString("utf8"))).toEqual(JSON.parse(JSON.stringify(snapshot)));
  });
});

describe("the feed keeps the served bytes", () => {
  it("stores exactly the gzip the snapshot route serves, encoded once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "h3-encoded-"));
    const store = sqliteJobStoreIn(dir);
    try {
      const published: MarketSnapshot[] = [];
      const feed = createMarketFeed({
        store,
        owner: "test",
        publish: async (s) => {
          published.push(s);
        },
        fallback: embeddedMarketSource,
        config: { urls: {}, fetchAt: 930, deadline: 1200, timeoutMs: 1000, lgmWeekday: 4 },
      });
      const snapshot = generateSampleSnapshot("2026-11-17");
      await feed.publishSnapshot(snapshot);
      const kept = await store.loadSnapshot("2026-11-17");
      const served = encodeSnapshot({ ...asRecord(published[0] as MarketSnapshot) });
      expect(Buffer.from(kept?.data ?? new Uint8Array()).equals(served.gzip)).toBe(true);
      expect(served).toBe(encodeSnapshot(asRecord(snapshot)));
      feed.stop();
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
