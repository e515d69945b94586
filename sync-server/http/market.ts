import type { Hono } from "hono";
import { compress } from "hono/compress";
import { generateSampleSnapshot, type MarketSnapshot } from "../../shared/market";
import type { MarketSeed } from "../sync/seed";

// GET /api/market/current: the market snapshot the quote screens price against, as JSON (the shape of
// shared/market's marketSnapshotSchema). Not restricted: signed-out producers quote too. The page keeps
// the last answer on the device, so quoting works offline.
//
// One source per server: the same MarketSource feeds this route and, through marketSeedOf, the
// server-written `market/current` document, so both always carry the same snapshot.

export interface MarketSource {
  /** The snapshot to publish now, or null when there is none. */
  current(): MarketSnapshot | null | Promise<MarketSnapshot | null>;
}

/** The calendar date in US Central time (RMA's clock for LRP sales), as YYYY-MM-DD. */
export function centralDate(at: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The embedded default: `generateSampleSnapshot(today)` (labelled "sample market data"), today being the
 * Central-time date; made once per day and reused until the date changes.
 */
export function sampleMarketSource(clock: () => Date = () => new Date()): MarketSource {
  let cached: MarketSnapshot | undefined;
  return {
    current() {
      const today = centralDate(clock());
      if (cached?.asOf !== today) cached = generateSampleSnapshot(today);
      return cached;
    },
  };
}

/** The server's one embedded source (sample data), shared by the route and the document seed. */
export const embeddedMarketSource: MarketSource = sampleMarketSource();

/** The seed of the `market/current` document from the same source (StartOptions.marketSeed). */
export const marketSeedOf =
  (source: MarketSource): MarketSeed =>
  async () => {
    const snapshot = await source.current();
    return snapshot ? { ...snapshot } : null;
  };

export function mountMarketApi(app: Hono, source: MarketSource = embeddedMarketSource): void {
  // Compressed: ~600 KB of JSON (LGM draws included) is a long wait on one bar of signal.
  app.get("/api/market/current", compress(), async (c) => {
    const snapshot = await source.current();
    if (!snapshot)
      return c.json({ error: "stale-market-data", message: "No market snapshot is published yet" }, 503);
    // Always revalidated: the page keeps its own copy for offline use.
    c.header("Cache-Control", "no-cache");
    return c.json(snapshot);
  });
}
