import type { Context, Hono } from "hono";
import { compress } from "hono/compress";
import { z } from "zod";
import { generateSampleSnapshot, isoDateSchema, type MarketSnapshot } from "../../shared/market";
import { now } from "../clock";
import type { JobStore } from "../jobs/store";
import { invalid, toIssues } from "../routes/route";
import type { MarketSeed } from "../sync/seed";
import { encodeSnapshotOffLoop, sendEncoded } from "./encoded";
import { offerHistoryWithSample } from "./offer-history";
import { mountMarketSnapshots } from "./snapshot-route";

// GET /api/market/current: the market snapshot the quote screens price against, as JSON (the shape of
// shared/market's marketSnapshotSchema). Not restricted: signed-out producers quote too. The page keeps
// the last answer on the device, so quoting works offline.
//
// One source per server: the same MarketSource feeds this route and, through marketSeedOf, the
// server-written `market/current` document, so both always carry the same snapshot.

export interface MarketSource {
  /** The snapshot to publish now, or null when there is none. */
  current(): MarketSnapshot | null | Promise<MarketSnapshot | null>;
  /** A past day's published snapshot (the market history), or null when that day is not held. */
  on?(asOf: string): Promise<MarketSnapshot | null>;
}

/**
 * The snapshot a quote of `salesDate` is priced on: the current one when it is of that day, else that
 * day's from the history; without it the current one, which the engine then refuses for that date
 * (shared/pricing/sales-day.ts: "stale-market-data"), so a quote never takes another day's prices.
 */
export async function snapshotForSalesDate(
  source: MarketSource,
  salesDate: unknown,
): Promise<MarketSnapshot | null> {
  const current = await source.current();
  if (!current || typeof salesDate !== "string" || current.asOf === salesDate || !source.on) return current;
  return (await source.on(salesDate)) ?? current;
}

// Made once: building a DateTimeFormat costs more than a partner API quote (bench:api).
const CENTRAL_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Chicago",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in US Central time (RMA's clock for LRP sales), as YYYY-MM-DD. */
export function centralDate(at: Date): string {
  const parts = CENTRAL_DAY.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * The embedded default: `generateSampleSnapshot(today)` (labelled "sample market data"), today being the
 * Central-time date; made once per day and reused until the date changes.
 */
export function sampleMarketSource(clock: () => Date = now): MarketSource {
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

/** What the history and failure routes read (sync-server/market/feed.ts); absent when nothing is fetched. */
export interface MarketHistory {
  snapshotOf(asOf: string): Promise<MarketSnapshot | null>;
  listHistory(from: string, to: string): Promise<{ asOf: string; publishedAt: number }[]>;
  listFailures(limit: number): Promise<{ runKey: string; attempt: number; at: number; message: string }[]>;
  lrpOfferHistory: JobStore["lrpOfferHistory"];
  lgmMarginHistory: JobStore["lgmMarginHistory"];
}

export interface MarketApiOptions {
  history?: MarketHistory;
  /** Null when the caller is a super administrator, else the response to send (401 or 403). */
  requireSuperAdmin?: (c: Context) => Promise<Response | null>;
}

export const historyQuerySchema = z
  .strictObject({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
const code = (digits: number) => z.string().regex(new RegExp(`^\\d{${digits}}$`), `must be ${digits} digits`);
export const lrpHistoryQuerySchema = z
  .strictObject({
    commodity: code(4),
    type: code(3),
    length: z.coerce.number().int().min(1).max(60),
    coverageLevel: z.coerce.number().gt(0).max(1),
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export const lgmHistoryQuerySchema = z
  .strictObject({
    commodity: code(4),
    type: code(3),
    /** Omitted: RMA's national figures. */
    stateCode: code(2).optional(),
    from: isoDateSchema,
    to: isoDateSchema,
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export const failuresQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export function mountMarketApi(
  app: Hono,
  source: MarketSource = embeddedMarketSource,
  options: MarketApiOptions = {},
): void {
  // Compressed: ~600 KB of JSON (LGM draws included) is a long wait on one bar of signal. Encoded once
  // per snapshot (sync-server/market/encoded.ts), with an ETag: a device that has it gets 304.
  app.get("/api/market/current", async (c) => {
    const snapshot = await source.current();
    if (!snapshot)
      return c.json({ error: "stale-market-data", message: "No market snapshot is published yet" }, 503);
    // `?part=lrp`: the snapshot without LGM's data, for a first LRP quote (docs/first-visit.md; encoded.ts).
    const part = c.req.query("part");
    if (part !== undefined && part !== "lrp")
      return c.json(
        {
          error: "invalid-input",
          message: `The query is invalid: part: must be "lrp" or absent, got ${JSON.stringify(part.slice(0, 40))}`,
        },
        400,
      );
    // Always revalidated: the page keeps its own copy for offline use.
    return sendEncoded(c, await encodeSnapshotOffLoop(snapshot), "no-cache", part);
  });
  // The snapshot a `market/current` notice names, cached for good (docs/market-data.md).
  mountMarketSnapshots(app, source, options.history);

  // Market history (docs/market-data.md): the as-of dates kept from `from` to `to`, and one day's snapshot.
  app.get("/api/market/history", async (c) => {
    const query = historyQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const snapshots = (await options.history?.listHistory(query.data.from, query.data.to)) ?? [];
    return c.json({ snapshots });
  });
  // One offer's history: an LRP offer (commodity, type, length, coverage level) or an LGM type's
  // expected margins, by day, oldest first.
  app.get("/api/market/history/lrp", async (c) => {
    const q = lrpHistoryQuerySchema.safeParse(c.req.query());
    if (!q.success) return invalid(c, "query", toIssues(q.error));
    const key = {
      commodityCode: q.data.commodity,
      typeCode: q.data.type,
      endorsementLengthWeeks: q.data.length,
      coverageLevel: q.data.coverageLevel,
      from: q.data.from,
      to: q.data.to,
    };
    // Stored days are real; the other weekdays are labelled sample (sync-server/market/offer-history.ts).
    const days = offerHistoryWithSample((await options.history?.lrpOfferHistory(key)) ?? [], key);
    return c.json({ days });
  });
  app.get("/api/market/history/lgm", async (c) => {
    const q = lgmHistoryQuerySchema.safeParse(c.req.query());
    if (!q.success) return invalid(c, "query", toIssues(q.error));
    const inState = (stateCode: string) =>
      options.history?.lgmMarginHistory({
        commodityCode: q.data.commodity,
        typeCode: q.data.type,
        stateCode,
        from: q.data.from,
        to: q.data.to,
      }) ?? Promise.resolve([]);
    // A state with no figures of its own has RMA's national ones (the same in every state).
    let days = await inState(q.data.stateCode ?? "");
    if (days.length === 0 && q.data.stateCode) days = await inState("");
    return c.json({ days });
  });
  app.get("/api/market/history/:asOf", compress(), async (c) => {
    const asOf = isoDateSchema.safeParse(c.req.param("asOf"));
    if (!asOf.success) return invalid(c, "query", toIssues(asOf.error));
    const snapshot = await options.history?.snapshotOf(asOf.data);
    if (!snapshot)
      return c.json(
        { error: "not-found", message: `No market snapshot was published for ${asOf.data}` },
        404,
      );
    c.header("Cache-Control", "max-age=86400");
    return c.json(snapshot);
  });

  // Failed market fetches, newest first: super administrators only.
  app.get("/api/market/fetch-failures", async (c) => {
    const refused = options.requireSuperAdmin
      ? await options.requireSuperAdmin(c)
      : c.json({ error: "forbidden", message: "Only super administrators may do this." }, 403);
    if (refused) return refused;
    const query = failuresQuerySchema.safeParse(c.req.query());
    if (!query.success) return invalid(c, "query", toIssues(query.error));
    const failures = (await options.history?.listFailures(query.data.limit)) ?? [];
    return c.json({ failures });
  });
}
