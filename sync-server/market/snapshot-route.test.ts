import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import { mountMarketApi } from "./api";
import { encodedByVersion, snapshotVersion } from "./encoded";

// [BOUND1] docs/limits.md: GET /api/market/snapshots/{version} naming a day of the history is answered
// without compressing that day's snapshot unless the version is the one it is served under, and then
// off the event loop. Before, any digits after a kept date cost a whole encoding (~100–250 ms of JSON,
// gzip and brotli on the loop on a busy 2-vCPU machine) for anyone, signed in or not.

const today = generateSampleSnapshot("2026-11-20");
const kept = generateSampleSnapshot("2026-11-18");
const app = new Hono();
mountMarketApi(
  app,
  { current: () => today },
  { history: { snapshotOf: async () => ({ ...kept }) } as never },
);

describe("[BOUND1] a kept day's snapshot by version", () => {
  it("a wrong version of a kept day is a 404 with nothing encoded", async () => {
    const response = await app.request("/api/market/snapshots/2026-11-18.0123456789abcdef");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/^No market snapshot /);
    expect(encodedByVersion(snapshotVersion(kept as unknown as Record<string, unknown>))).toBeUndefined();
  });

  it("the right version is served, to requests at once alike", async () => {
    const version = snapshotVersion(kept as unknown as Record<string, unknown>);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.request(`/api/market/snapshots/${version}`, { headers: { "Accept-Encoding": "br" } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.headers.get("etag")))).toEqual(new Set([`"${version}+br"`]));
    expect(encodedByVersion(version)?.version).toBe(version);
  });
});
