import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { Context } from "hono";
import type { PublishedMarket } from "../../shared/market/published";
import { acceptedEncodings } from "../web/static-files";

// A snapshot encoded once — JSON, brotli, gzip and a content version — and served as those bytes by every HTTP
// answer that carries it (GET /api/market/current, GET /api/market/snapshots/{version}), instead of
// serialising and compressing ~600 KB per request. The version also names the snapshot in the small
// notice `market/current` carries (shared/market/published.ts).

/** One representation's bytes: JSON and its compressed copies. */
export interface EncodedBody {
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface EncodedSnapshot extends EncodedBody {
  version: string;
  asOf: string;
  /**
   * The LRP screens' part (docs/first-visit.md): the same snapshot with `lgm` empty. LGM's margins and draws are
   * ~140 KB of the ~620 KB of JSON but, being random-looking numbers, most of the compressed bytes
   * (~56 of 66 KB in brotli); without them the LRP rates compress to ~10 KB. A first visit to the LRP
   * quote screen prices from this and loads the whole snapshot after (src/lib/pricing/pricing-store.ts).
   */
  lrp: EncodedBody;
}

/** The parts a snapshot is served in besides the whole: `?part=lrp`. */
export type SnapshotPart = "lrp";

/**
 * Brotli quality for the snapshot (docs/first-visit.md): 9 takes the ~600 KB sample from 86 KB (gzip) to 66 KB in
 * ~25 ms, once per publish. 10 would give 60 KB for ~140 ms and 11 59 KB for ~3 s of the server's one
 * thread, which a publish should not block for.
 */
const BROTLI_QUALITY = 9;
const GZIP = { level: 6 };
const brotliOptions = (json: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength,
  },
});
const compressed = (json: Buffer): EncodedBody => ({
  json,
  gzip: gzipSync(json, GZIP),
  br: brotliCompressSync(json, brotliOptions(json)),
});
const gzipOffLoop = promisify(gzip);
const brotliOffLoop = promisify(brotliCompress);
/** The same bytes as `compressed`, made on libuv's threads: an HTTP answer never blocks the event loop for them (BOUND1). */
const compressedOffLoop = async (json: Buffer): Promise<EncodedBody> => {
  const [gz, br] = await Promise.all([gzipOffLoop(json, GZIP), brotliOffLoop(json, brotliOptions(json))]);
  return { json, gzip: gz, br };
};

const byObject = new WeakMap<object, EncodedSnapshot>();
/** The last few encoded snapshots by version (the published one and the one before, for late readers). */
const byVersion = new Map<string, EncodedSnapshot>();
const KEEP = 4;

function remember(encoded: EncodedSnapshot): void {
  byVersion.delete(encoded.version);
  byVersion.set(encoded.version, encoded);
  while (byVersion.size > KEEP) byVersion.delete(byVersion.keys().next().value as string);
}

/**
 * Shallow copies (`{ ...snapshot }`, as the publish path passes it on) of an encoded snapshot: keyed by
 * the first object-valued field, which a shallow copy shares. A copy with the same keys in the same
 * order and the same values serialises to the same JSON, so it is not serialised again.
 */
const byFirstPart = new WeakMap<object, { source: Record<string, unknown>; encoded: EncodedSnapshot }>();
const firstPart = (snapshot: Record<string, unknown>): object | undefined =>
  Object.values(snapshot).find((v): v is object => typeof v === "object" && v !== null);
function sameShallow(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => kb[i] === k && a[k] === b[k]);
}

/** The snapshot's encoding already made for this object or a shallow copy of it. */
function encodedBefore(snapshot: Record<string, unknown>): EncodedSnapshot | undefined {
  const known = byObject.get(snapshot);
  if (known) return known;
  const part = firstPart(snapshot);
  const copied = part ? byFirstPart.get(part) : undefined;
  if (!copied || !sameShallow(copied.source, snapshot)) return undefined;
  byObject.set(snapshot, copied.encoded);
  return copied.encoded;
}

/** The snapshot's JSON, as-of date and version (no compression). */
function identify(snapshot: Record<string, unknown>): { json: Buffer; asOf: string; version: string } {
  const asOf = typeof snapshot.asOf === "string" ? snapshot.asOf : "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf))
    throw new Error(`market snapshot: asOf must be a date YYYY-MM-DD, got ${JSON.stringify(snapshot.asOf)}`);
  const json = Buffer.from(JSON.stringify(snapshot), "utf8");
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 16);
  return { json, asOf, version: `${asOf}.${hash}` };
}

function keep(snapshot: Record<string, unknown>, encoded: EncodedSnapshot): EncodedSnapshot {
  byObject.set(snapshot, encoded);
  const part = firstPart(snapshot);
  if (part) byFirstPart.set(part, { source: { ...snapshot }, encoded });
  remember(encoded);
  return encoded;
}

const lrpJson = (snapshot: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ ...snapshot, lgm: [] }), "utf8");

/**
 * Encodes a snapshot (memoised per object and its shallow copies); the version is `asOf.` + 16 hex
 * digits of the JSON's SHA-256. Compresses on the event loop (~100–250 ms on a busy 2-vCPU machine):
 * for the publish, once per snapshot; an HTTP answer uses `encodeSnapshotOffLoop`.
 */
export function encodeSnapshot(snapshot: Record<string, unknown>): EncodedSnapshot {
  const known = encodedBefore(snapshot);
  if (known) return known;
  const { json, asOf, version } = identify(snapshot);
  const encoded = byVersion.get(version) ?? {
    version,
    asOf,
    ...compressed(json),
    lrp: compressed(lrpJson(snapshot)),
  };
  return keep(snapshot, encoded);
}

/** Encodings under way off the event loop, by version: calls at once share one. */
const underWay = new Map<string, Promise<EncodedSnapshot>>();

/**
 * `encodeSnapshot` for an HTTP answer (BOUND1): the same bytes, compressed on libuv's threads, so a
 * request for a snapshot not encoded yet (the first after a start, or a day of the history) never
 * blocks the event loop for the compression; concurrent requests for one version share one encoding.
 */
export async function encodeSnapshotOffLoop(snapshot: Record<string, unknown>): Promise<EncodedSnapshot> {
  const known = encodedBefore(snapshot);
  if (known) return known;
  const { json, asOf, version } = identify(snapshot);
  let running = underWay.get(version);
  const ready = byVersion.get(version);
  if (!ready && !running) {
    running = Promise.all([compressedOffLoop(json), compressedOffLoop(lrpJson(snapshot))])
      .then(([whole, lrp]) => ({ version, asOf, ...whole, lrp }))
      .finally(() => underWay.delete(version));
    underWay.set(version, running);
  }
  return keep(snapshot, ready ?? (await (running as Promise<EncodedSnapshot>)));
}

/** The version a snapshot is served under (its JSON hashed; nothing compressed). */
export const snapshotVersion = (snapshot: Record<string, unknown>): string =>
  encodedBefore(snapshot)?.version ?? identify(snapshot).version;

/** An encoded snapshot seen lately by this process, by version. */
export const encodedByVersion = (version: string): EncodedSnapshot | undefined => byVersion.get(version);

/** The `market/current` document's section for a snapshot: the notice, not the data. */
export function publishedSection(snapshot: Record<string, unknown>): Record<string, unknown> {
  const { version, asOf } = encodeSnapshot(snapshot);
  const section: PublishedMarket = {
    asOf,
    label: typeof snapshot.label === "string" ? snapshot.label : "market data",
    version,
  };
  if (typeof snapshot.source === "string") section.source = snapshot.source;
  if (Array.isArray(snapshot.sources)) section.sources = snapshot.sources;
  return { ...section };
}

/**
 * Answers with the encoded snapshot: brotli or gzip, whichever the client's Accept-Encoding prefers (the
 * same negotiation as the build's static files), else JSON; a strong ETag of the version (a compressed
 * representation's ends in "+br" or "+gzip": a strong validator names one representation); an
 * If-None-Match with the chosen representation's tag gets 304; and the given Cache-Control. With a
 * `part`, that part of the snapshot (its tags carry "+lrp").
 */
export function sendEncoded(
  c: Context,
  encoded: EncodedSnapshot,
  cacheControl: string,
  part?: SnapshotPart,
): Response {
  const encoding = acceptedEncodings(c.req.header("accept-encoding"))[0];
  const etag = `"${encoded.version}${part ? `+${part}` : ""}${encoding ? `+${encoding}` : ""}"`;
  const headers: Record<string, string> = {
    "Cache-Control": cacheControl,
    ETag: etag,
    Vary: "Accept-Encoding",
  };
  const match = c.req.header("if-none-match");
  if (match?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag))
    return new Response(null, { status: 304, headers });
  const representation = part ? encoded[part] : encoded;
  const body = encoding ? representation[encoding] : representation.json;
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=UTF-8",
      "Content-Length": String(body.byteLength),
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    },
  });
}
