import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type IncomingHttpHeaders, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressDir } from "../../../sync-server/web/precompress";
import { startTestServer, type TestServer } from "../sync/harness";
import { builtApp } from "./helpers";

// docs/first-visit.md: the build's files travel compressed — the brotli or gzip copy written at build time, as
// the request's Accept-Encoding allows, always with `Vary: Accept-Encoding` — and keep the cache and
// security headers of docs/hardening.md §1.

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const get = (port: number, path: string, headers: Record<string, string>, method = "GET") =>
  new Promise<Answer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });

const ASSET = "/assets/chunk-Zx9Q1.js";

describe("[HARD1] hashed assets are served precompressed (docs/first-visit.md)", () => {
  let server: TestServer;
  let staticDir: string;
  let source: Buffer;

  beforeAll(async () => {
    staticDir = builtApp(mkdtempSync(join(tmpdir(), "rangeline-compressed-")));
    source = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `export const value${i} = "row ${i}";\n`).join(""),
    );
    writeFileSync(join(staticDir, ASSET), source);
    writeFileSync(
      join(staticDir, "index.html"),
      `<!doctype html><title>Rangeline</title>${"<p>x</p>".repeat(300)}`,
    );
    precompressDir(staticDir);
    server = await startTestServer({ STATIC_DIR: staticDir });
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(join(staticDir, ".."), { recursive: true, force: true });
  });

  it("answers each Accept-Encoding with the copy it allows, or the file itself, and always Vary", async () => {
    const port = server.port;
    const br = await get(port, ASSET, { "accept-encoding": "gzip, deflate, br, zstd" });
    const gzip = await get(port, ASSET, { "accept-encoding": "gzip" });
    const refusedBr = await get(port, ASSET, { "accept-encoding": "br;q=0, gzip;q=0.8" });
    const identity = await get(port, ASSET, { "accept-encoding": "identity" });
    const none = await get(port, ASSET, {});
    const head = await get(port, ASSET, { "accept-encoding": "br" }, "HEAD");
    const range = await get(port, ASSET, { "accept-encoding": "br", range: "bytes=0-9" });
    const page = await get(port, "/insurance/lrp-quote", { "accept-encoding": "br" });
    const pageIdentity = await get(port, "/insurance/lrp-quote", {});
    const seen = {
      br: [
        br.status,
        br.headers["content-encoding"],
        br.headers.vary,
        brotliDecompressSync(br.body).equals(source),
      ],
      gzip: [
        gzip.status,
        gzip.headers["content-encoding"],
        gzip.headers.vary,
        gunzipSync(gzip.body).equals(source),
      ],
      refusedBr: [refusedBr.headers["content-encoding"], gunzipSync(refusedBr.body).equals(source)],
      identity: [
        identity.status,
        identity.headers["content-encoding"],
        identity.headers.vary,
        identity.body.equals(source),
      ],
      none: [none.headers["content-encoding"], none.headers.vary, none.body.equals(source)],
      head: [
        head.status,
        head.headers["content-encoding"],
        Number(head.headers["content-length"]),
        head.body.length,
      ],
      range: [range.status, range.headers["content-encoding"], range.headers.vary, range.body.toString()],
      cache: [br.headers["cache-control"], identity.headers["cache-control"], br.headers["content-type"]],
      security: [br.headers["x-content-type-options"], typeof br.headers["content-security-policy"]],
      page: [
        page.headers["content-encoding"],
        page.headers["content-type"],
        page.headers["cache-control"],
        brotliDecompressSync(page.body).equals(readFileSync(join(staticDir, "index.html"))),
        pageIdentity.headers["content-encoding"],
        pageIdentity.headers.vary,
      ],
    };
    console.log("Compressed asset answers:", seen);
    const immutable = "public, max-age=31536000, immutable";
    expect(seen).toEqual({
      br: [200, "br", "Accept-Encoding", true],
      gzip: [200, "gzip", "Accept-Encoding", true],
      refusedBr: ["gzip", true],
      identity: [200, undefined, "Accept-Encoding", true],
      none: [undefined, "Accept-Encoding", true],
      head: [200, "br", readFileSync(join(staticDir, `${ASSET}.br`)).length, 0],
      range: [206, undefined, "Accept-Encoding", source.subarray(0, 10).toString()],
      cache: [immutable, immutable, "text/javascript; charset=utf-8"],
      security: ["nosniff", "string"],
      page: ["br", "text/html; charset=utf-8", "no-cache", true, undefined, "Accept-Encoding"],
    });
  });
});
