import { afterEach, describe, expect, it, vi } from "vitest";
import { generateSampleSnapshot } from "../../../shared/market";
import { httpMarketSource, versionOf } from "./http-market-source";

// GET /api/market/current as the pricing store reads it: the published version from the answer's ETag
// (the synced market history takes the download for a notice of that version), and one download for
// callers at once.

const VERSION = "2026-11-18.0123456789abcdef";
const snapshot = generateSampleSnapshot("2026-11-18");

afterEach(() => vi.unstubAllGlobals());

describe("versionOf: the published version an answer's ETag names", () => {
  it("reads it with a part and an encoding, weak or strong, and nothing else", () => {
    const tagged = (etag?: string) =>
      versionOf(new Response("{}", { headers: etag === undefined ? {} : { etag } }));
    expect([
      tagged(`"${VERSION}"`),
      tagged(`"${VERSION}+br"`),
      tagged(`W/"${VERSION}+lrp+gzip"`),
      tagged(undefined),
      tagged('"not-a-version+br"'),
      tagged('"2026-11-18.0123"'),
    ]).toEqual([VERSION, VERSION, VERSION, undefined, undefined, undefined]);
  });
});

describe("httpMarketSource.load", () => {
  it("gives callers at once one download, with its version; a later call downloads again", async () => {
    const fetch = vi.fn(
      async (_url: string) =>
        new Response(JSON.stringify(snapshot), { status: 200, headers: { etag: `"${VERSION}+br"` } }),
    );
    vi.stubGlobal("fetch", fetch);
    const [a, b] = await Promise.all([httpMarketSource.load(), httpMarketSource.load()]);
    expect({ same: a === b, version: a.version, fetches: fetch.mock.calls.length }).toEqual({
      same: true,
      version: VERSION,
      fetches: 1,
    });
    await httpMarketSource.load();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/market/current", "/api/market/current"]);
  });
});
