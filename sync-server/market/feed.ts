import { gunzipSync } from "node:zlib";
import { exchangeHoliday, lrpSalesGroup, lrpSalesSuspension } from "../../shared/market/calendar";
import { reportYearCovered } from "../../shared/market/report-days";
import { type MarketSnapshot, marketSnapshotSchema } from "../../shared/market/snapshot";
import { now } from "../clock";
import { type RunOutcome, runOnce } from "../jobs/runner";
import type { JobStore } from "../jobs/store";
import type { MarketSource } from "./api";
import { centralTime } from "./central-time";
import { encodeSnapshot } from "./encoded";
import { fetchMarketDay, type MarketSourceUrls } from "./fetch-day";
import type { FuturesProvider } from "./futures-provider";

// The market feed: each trading day after RMA publishes (MARKET_FETCH_AT, Central), one instance
// fetches the day's files, imports them and publishes the snapshot to `market/current`; every
// published snapshot is kept (market history). A failed day is retried from 1 s doubling to 30 s until
// MARKET_FETCH_DEADLINE; the last good snapshot stays published and every failure is recorded for the
// super administrators (GET /api/market/fetch-failures).
//
// LGM sells weekly: its files are fetched on the LGM sales weekday only. A part not fetched on a day
// (LGM between sales days, futures when no address is set) is carried over from the last published
// snapshot, with the source and date it had.

export const MARKET_FETCH_JOB = "market-fetch";

export interface MarketFeedConfig {
  urls: MarketSourceUrls;
  /** Minutes after midnight Central: first attempt, and no new attempt after the deadline. */
  fetchAt: number;
  deadline: number;
  timeoutMs: number;
  /** 0 Sunday … 6 Saturday; LGM files are fetched on this weekday. */
  lgmWeekday: number;
  /** Futures from a provider (Barchart) instead of urls.futures. */
  futuresProvider?: FuturesProvider;
}

export interface MarketFeedOptions {
  store: JobStore;
  config: MarketFeedConfig;
  owner: string;
  /** Writes the snapshot into `market/current`. */
  publish: (snapshot: MarketSnapshot) => Promise<void>;
  /** Served until the first snapshot is published (the labelled sample data). */
  fallback: MarketSource;
  clock?: () => Date;
  log?: (message: string) => void;
  retry?: { firstMs: number; maxMs: number };
}

/** The day's LRP offers of a group whose sales the calendar suspends that day are left out. */
export function withoutSuspendedOffers(snapshot: MarketSnapshot, date: string): MarketSnapshot {
  return {
    ...snapshot,
    lrpRates: snapshot.lrpRates.filter((r) => {
      if (r.salesEffectiveDate !== date) return true;
      const group = lrpSalesGroup(r.commodityCode);
      return !group || lrpSalesSuspension(date, group) === null;
    }),
  };
}

const decode = (data: Uint8Array): MarketSnapshot =>
  marketSnapshotSchema.parse(JSON.parse(gunzipSync(data).toString("utf8")));

/**
 * A day's fresh parts over the previous snapshot: the parts `fresh` has no source for (LGM between
 * sales days, futures when no address is set, a part a super admin did not upload) are carried over
 * from `previous`, with their sources.
 */
export function carryOver(fresh: MarketSnapshot, previous: MarketSnapshot | null): MarketSnapshot {
  if (!previous) return fresh;
  const fetched = new Set(fresh.sources?.map((s) => s.part));
  const carried = (previous.sources ?? []).filter((s) => !fetched.has(s.part));
  return {
    ...fresh,
    futures: fetched.has("futures") ? fresh.futures : previous.futures,
    lrpActualEndingValues: fetched.has("lrpActualEndingValues")
      ? fresh.lrpActualEndingValues
      : previous.lrpActualEndingValues,
    lgm: fetched.has("lgm") ? fresh.lgm : previous.lgm,
    lrpRates: fetched.has("lrpRates") ? fresh.lrpRates : previous.lrpRates,
    sources: [...(fresh.sources ?? []), ...carried],
  };
}

export function createMarketFeed(options: MarketFeedOptions) {
  const { store, config } = options;
  const clock = options.clock ?? now;
  const log = options.log ?? (() => {});
  let current: MarketSnapshot | null = null;
  const stopping = new AbortController();
  let checkedAt = 0;

  /** The last published snapshot (re-read from the store at most once a minute: another instance may publish). */
  async function latest(): Promise<MarketSnapshot | null> {
    if (current && clock().getTime() - checkedAt < 60_000) return current;
    checkedAt = clock().getTime();
    const stored = await store.latestSnapshot();
    if (stored && stored.asOf !== current?.asOf) current = decode(stored.data);
    return current;
  }

  const source: MarketSource = {
    async current() {
      return (await latest()) ?? options.fallback.current();
    },
    async on(asOf: string) {
      const stored = await store.loadSnapshot(asOf);
      return stored ? decode(stored.data) : null;
    },
  };

  async function fetchDay(date: string, weekday: number): Promise<MarketSnapshot> {
    const lgmDay = weekday === config.lgmWeekday;
    const urls: MarketSourceUrls = { ...config.urls };
    if (!lgmDay) {
      delete urls.lgmGrossMargin;
      delete urls.lgmDraw;
    }
    const fetchedDay = await fetchMarketDay({
      urls,
      date,
      timeoutMs: config.timeoutMs,
      fetchedAt: clock().toISOString(),
      ...(config.futuresProvider ? { futuresProvider: config.futuresProvider } : {}),
    });
    // Report day (shared/market/calendar.ts): that group's offers are absent that day, not a failure;
    // a row a file carries anyway for a suspended group is not offered.
    const fresh = withoutSuspendedOffers(fetchedDay, date);
    return carryOver(fresh, await latest());
  }

  /** Publishes a snapshot and keeps it (market history): the day's fetch, or files a super admin uploaded. */
  async function keep(snapshot: MarketSnapshot): Promise<void> {
    // Kept before it is published: a device told of it by the document may ask another instance for
    // it (GET /api/market/snapshots/{version} looks in the history) the moment the notice arrives.
    const publishedAt = clock().getTime();
    const { gzip } = encodeSnapshot(snapshot);
    await store.saveSnapshot({
      asOf: snapshot.asOf,
      publishedAt,
      // The bytes the publish serves (sync-server/market/encoded.ts): encoded once per snapshot, not
      // once here and again for the notice (~50 ms of stringify and gzip on the event loop, docs/market-data.md).
      data: new Uint8Array(gzip.buffer, gzip.byteOffset, gzip.byteLength),
    });
    await store.saveOfferHistory(
      snapshot.asOf,
      snapshot.lrpRates
        .filter((r) => r.salesEffectiveDate === snapshot.asOf)
        .map((r) => ({
          asOf: snapshot.asOf,
          commodityCode: r.commodityCode,
          typeCode: r.typeCode,
          endorsementLengthWeeks: r.endorsementLengthWeeks,
          coverageLevel: r.coverageLevel,
          coveragePrice: r.coveragePrice,
          expectedEndingValue: r.expectedEndingValue,
          rate: r.rate,
          costPerCwt: r.costPerCwt,
          endDate: r.endDate,
        })),
      snapshot.lgm
        .filter((m) => m.salesEffectiveDate === snapshot.asOf)
        .map((m) => ({
          asOf: snapshot.asOf,
          commodityCode: m.commodityCode,
          typeCode: m.typeCode,
          stateCode: m.stateCode ?? "",
          salesEffectiveDate: m.salesEffectiveDate,
          marketingMonths: m.marketingMonths,
          expectedGrossMargins: m.expectedGrossMargins,
        })),
    );
    await options.publish(snapshot);
    current = snapshot;
    checkedAt = publishedAt;
  }

  /**
   * The sales calendar (shared/market/report-days.ts) lists USDA's report days for the years it knows;
   * past them a report day suspends no sales. Each day the feed runs in a year it does not cover, the
   * super administrators' failures say so once (attempt 0: before the day's first fetch), until the year is
   * added.
   */
  async function checkCalendar(date: string): Promise<void> {
    if (reportYearCovered(date)) return;
    const message = `The sales calendar has no USDA report days for ${date.slice(0, 4)}: LRP sales are not suspended on Cattle on Feed or Hogs and Pigs days until that year's release days are added to shared/market/report-days.ts.`;
    log(message);
    await store.recordFailure({
      job: MARKET_FETCH_JOB,
      runKey: date,
      attempt: 0,
      at: clock().getTime(),
      message,
    });
  }

  /** One check of the schedule: runs the day's fetch when it is due and not yet done anywhere. */
  async function tick(): Promise<RunOutcome | null> {
    const now = clock();
    const t = centralTime(now);
    if (t.weekday === 0 || t.weekday === 6) return null;
    // CME holiday: RMA publishes no rates; no fetch is due (shared/market/calendar.ts).
    if (exchangeHoliday(t.date)) return null;
    if (t.minutes < config.fetchAt || t.minutes >= config.deadline) return null;
    const status = await store.runStatus(MARKET_FETCH_JOB, t.date);
    if (status === "done" || status === "failed") return null;
    if (status === null) await checkCalendar(t.date);
    const deadline = now.getTime() + (config.deadline - t.minutes) * 60_000;
    const outcome = await runOnce({
      store,
      job: MARKET_FETCH_JOB,
      runKey: t.date,
      owner: options.owner,
      deadline,
      // An attempt downloads at most five files, each within the timeout.
      leaseMs: 5 * config.timeoutMs + 60_000,
      now: () => clock().getTime(),
      retry: options.retry,
      signal: stopping.signal,
      attempt: async (n) => {
        await keep(await fetchDay(t.date, t.weekday));
        log(`published the market snapshot of ${current?.asOf} (attempt ${n})`);
      },
    });
    if (outcome.status === "failed") log(`market fetch for ${t.date} failed: ${outcome.lastError}`);
    return outcome;
  }

  return {
    source,
    tick,
    /** Ends a run in progress between attempts (server shutdown). */
    stop: () => stopping.abort(),
    /** A past day's published snapshot, or null. */
    snapshotOf: (asOf: string): Promise<MarketSnapshot | null> => source.on?.(asOf) ?? Promise.resolve(null),
    listHistory: (from: string, to: string) => store.listSnapshots(from, to),
    listFailures: (limit: number) => store.listFailures({ job: MARKET_FETCH_JOB, limit }),
    /** Publishes and keeps a snapshot made from uploaded files (docs/administration.md; the tools screen). */
    publishSnapshot: keep,
    /** The latest runs of the server's jobs (the tools screen). */
    listRuns: (limit: number) => store.listRuns(limit),
    /** The last published snapshot, never the fallback (null before the first). */
    latest,
    lrpOfferHistory: store.lrpOfferHistory.bind(store),
    lgmMarginHistory: store.lgmMarginHistory.bind(store),
  };
}

export type MarketFeed = ReturnType<typeof createMarketFeed>;
