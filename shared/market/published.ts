// A published market snapshot as the `market/current` document carries it (docs/market-data.md): a small notice
// — the as-of date, label, sources and a version — not the snapshot itself. The snapshot (~600 KB of
// JSON, ~85 KB gzipped) is fetched once per version over HTTP from an immutable, cacheable address, and
// kept on the device. A publish is then an update of a few hundred bytes to every connected client
// instead of the whole snapshot (docs/market-data.md, "Publishing").
//
// No zod here: the device's sync layer and the benchmark read this; the snapshot's schema checks the
// fetched JSON where it is used.

/** Where a published snapshot is served: `${MARKET_SNAPSHOTS_PATH}/${version}`. */
export const MARKET_SNAPSHOTS_PATH = "/api/market/snapshots";

/** The `snapshot` section of `market/current` after a publish. */
export interface PublishedMarket {
  asOf: string;
  label: string;
  source?: string;
  /** `YYYY-MM-DD.` + 16 hex digits of the SHA-256 of the snapshot's JSON: names exactly one snapshot. */
  version: string;
  sources?: unknown[];
}

const VERSION = /^\d{4}-\d{2}-\d{2}\.[0-9a-f]{16}$/;

/** True for a version string as the server makes it (the only thing put into a URL). */
export const isMarketVersion = (value: unknown): value is string =>
  typeof value === "string" && VERSION.test(value);

/** The section as a published notice, or null (absent, or a whole snapshot from an older server). */
export function publishedMarketOf(section: unknown): PublishedMarket | null {
  if (!section || typeof section !== "object") return null;
  const s = section as Record<string, unknown>;
  if (!isMarketVersion(s.version) || typeof s.asOf !== "string" || typeof s.label !== "string") return null;
  return s as unknown as PublishedMarket;
}

/** The address of one published snapshot. */
export const publishedSnapshotPath = (version: string): string => `${MARKET_SNAPSHOTS_PATH}/${version}`;

/** Requests in flight, by fetch function and address: callers asking at once share one request. */
const inFlight = new WeakMap<typeof fetch, Map<string, Promise<unknown>>>();

/**
 * Fetches the snapshot a notice names and returns its JSON (unchecked: the caller parses it with the
 * snapshot schema). Throws with the address and status when the server does not answer with it.
 * Single flight: while a version is being fetched, another caller asking for it (a second listener, a
 * retry racing a new notice) waits for the same request instead of downloading it again; a caller with
 * its own abort signal gets its own request. No delay is added (the address is immutable and cached).
 */
export function fetchPublishedSnapshot(
  published: PublishedMarket,
  options: { fetch?: typeof fetch; origin?: string; signal?: AbortSignal } = {},
): Promise<unknown> {
  const path = publishedSnapshotPath(published.version);
  const url = options.origin ? new URL(path, options.origin).toString() : path;
  const fetcher = options.fetch ?? fetch;
  const request = async () => {
    const response = await fetcher(url, { signal: options.signal });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as unknown;
  };
  if (options.signal) return request();
  const pending = inFlight.get(fetcher) ?? new Map<string, Promise<unknown>>();
  inFlight.set(fetcher, pending);
  const shared = pending.get(url);
  if (shared) return shared;
  const started = request().finally(() => pending.delete(url));
  pending.set(url, started);
  return started;
}
