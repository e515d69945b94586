import { createReadStream, type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { COMPRESSIBLE, ENCODINGS, type Encoding } from "./precompress";

// The build's files in the encoding the browser accepts (docs/first-visit.md): the brotli or gzip copy written at
// build time (precompress.ts) with Content-Encoding, and `Vary: Accept-Encoding` on every answer for a
// file that has copies — the identity one too, so no cache hands a brotli body to a client without it.
// A Range request gets the identity file (a slice of a brotli stream is of no use to a resumed
// download); hono's serveStatic answers it, and anything that is not a file with copies.

const stat = (path: string): Stats | undefined => {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
};

/** The encodings the request accepts (q > 0), by the client's q then the server's preference. */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = weight ? Number(weight.slice(2)) : 1;
    q.set(token, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  return ENCODINGS.map((e) => e.name)
    .filter((name) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/** The copies of `file` on disk that are at least as new as the file itself. */
function copiesOf(file: string, fileStats: Stats): Map<Encoding, { path: string; stats: Stats }> {
  const copies = new Map<Encoding, { path: string; stats: Stats }>();
  if (!COMPRESSIBLE.test(file)) return copies;
  for (const { name, suffix } of ENCODINGS) {
    const stats = stat(file + suffix);
    if (stats?.isFile() && stats.mtimeMs >= fileStats.mtimeMs)
      copies.set(name, { path: file + suffix, stats });
  }
  return copies;
}

/**
 * Answers GET or HEAD for `file` from its precompressed copy when the request accepts one; undefined
 * when the file has no copies or is asked for by range (then the caller serves it as it is). Sets
 * `Vary: Accept-Encoding` whenever copies exist.
 */
export function precompressedResponse(c: Context, file: string, contentType?: string): Response | undefined {
  const fileStats = stat(file);
  if (!fileStats?.isFile()) return undefined;
  const copies = copiesOf(file, fileStats);
  if (copies.size === 0) return undefined;
  c.header("Vary", "Accept-Encoding", { append: true });
  if (c.req.header("Range")) return undefined;
  const encoding = acceptedEncodings(c.req.header("Accept-Encoding")).find((name) => copies.has(name));
  const copy = encoding && copies.get(encoding);
  if (!encoding || !copy) return undefined;
  c.header("Content-Type", contentType ?? getMimeType(file) ?? "application/octet-stream");
  c.header("Content-Encoding", encoding);
  c.header("Content-Length", String(copy.stats.size));
  c.header("Last-Modified", fileStats.mtime.toUTCString());
  if (c.req.method === "HEAD") return c.body(null, 200);
  return c.body(Readable.toWeb(createReadStream(copy.path)) as ReadableStream, 200);
}

/** Serves the precompressed copy of a build file under `root` when one is accepted; else next(). */
export function precompressedFiles(root: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const path = c.req.path;
    // The same refusals as serveStatic: no dot segments, no doubled or back slashes, no escapes.
    if (path.includes("%") || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(path)) return next();
    const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
    return precompressedResponse(c, file) ?? next();
  };
}
