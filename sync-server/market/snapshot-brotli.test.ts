import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import { mountMarketApi } from "./api";
import { encodeSnapshot } from "./encoded";

// docs/first-visit.md: the market snapshot is sent as brotli to a browser that accepts it (every current one does),
// the bytes compressed once per snapshot, with its own strong ETag and `Vary: Accept-Encoding`.

const snapshot = generateSampleSnapshot("2026-11-20");
const app = new Hono();
mountMarketApi(app, { current: () => snapshot });
const { version } = encodeSnapshot(snapshot as unknown as Record<string, unknown>);
const BROWSER = { "Accept-Encoding": "gzip, deflate, br, zstd" };

describe.each([
  ["/api/market/current", "no-cache"],
  [`/api/market/snapshots/${version}`, "public, max-age=31536000, immutable"],
])("GET %s", (path, cacheControl) => {
  it("answers a browser with brotli, tagged as that representation, and 304 on its tag", async () => {
    const response = await app.request(path, { headers: BROWSER });
    const body = Buffer.from(await response.arrayBuffer());
    const revalidated = await app.request(path, {
      headers: { ...BROWSER, "If-None-Match": `"${version}+br"` },
    });
    expect({
      status: response.status,
      encoding: response.headers.get("content-encoding"),
      etag: response.headers.get("etag"),
      vary: response.headers.get("vary"),
      cacheControl: response.headers.get("cache-control"),
      length: Number(response.headers.get("content-length")),
      json: JSON.parse(brotliDecompressSync(body).toString("utf8")),
      revalidated: revalidated.status,
    }).toEqual({
      status: 200,
      encoding: "br",
      etag: `"${version}+br"`,
      vary: "Accept-Encoding",
      cacheControl,
      length: body.byteLength,
      json: JSON.parse(JSON.stringify(snapshot)),
      revalidated: 304,
    });
  });

  it("honours the client's q-values: gzip when brotli is refused, JSON when both are", async () => {
    const answer = async (acceptEncoding: string) => {
      const response = await app.request(path, { headers: { "Accept-Encoding": acceptEncoding } });
      return [response.headers.get("content-encoding"), response.headers.get("etag")];
    };
    expect([await answer("br;q=0, gzip"), await answer("gzip;q=0, br;q=0")]).toEqual([
      ["gzip", `"${version}+gzip"`],
      [null, `"${version}"`],
    ]);
  });
});

describe("GET /api/market/current?part=lrp", () => {
  it("answers with the snapshot without LGM's data, a tenth of the bytes, tagged as that part", async () => {
    const whole = await app.request("/api/market/current", { headers: BROWSER });
    const part = await app.request("/api/market/current?part=lrp", { headers: BROWSER });
    const body = Buffer.from(await part.arrayBuffer());
    const revalidated = await app.request("/api/market/current?part=lrp", {
      headers: { ...BROWSER, "If-None-Match": `"${version}+lrp+br"` },
    });
    expect({
      encoding: part.headers.get("content-encoding"),
      etag: part.headers.get("etag"),
      vary: part.headers.get("vary"),
      smaller: body.byteLength * 4 < (await whole.arrayBuffer()).byteLength,
      json: JSON.parse(brotliDecompressSync(body).toString("utf8")),
      revalidated: revalidated.status,
    }).toEqual({
      encoding: "br",
      etag: `"${version}+lrp+br"`,
      vary: "Accept-Encoding",
      smaller: true,
      json: JSON.parse(JSON.stringify({ ...snapshot, lgm: [] })),
      revalidated: 304,
    });
  });

  it("refuses another part, saying which are served", async () => {
    const response = await app.request("/api/market/current?part=lgm");
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: "invalid-input", message: 'The query is invalid: part: must be "lrp" or absent, got "lgm"' },
    ]);
  });
});
