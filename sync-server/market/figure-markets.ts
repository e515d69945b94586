import type { FigureMarket, FigureMarkets } from "../../shared/book/sce-record";
import { nearestDay, REFERENCE_DAYS } from "../../shared/book/sce-reference";
import { addDays } from "../../shared/market/dates";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import type { FigureMarketLoader } from "../sync/guard";
import type { MarketSource } from "./api";

// Rule SCE1's market on the server (docs/book-import.md "SCE figures on the server"): for each sales date
// a write prices, the snapshot of that day when the server holds it — the current one when it is of that
// day, else the market history's — and the held snapshot nearest it as the reference of the SCE bounds
// (the history's nearest day within REFERENCE_DAYS, else the current snapshot; shared/book/sce-reference.ts,
// the choice the device's create forms make too). Past days' snapshots do not change once kept: the last few
// read are kept in memory.

const KEPT = 16;

/** What the loader reads: the market source, and the feed's history when there is a feed. */
interface FigureMarketSources {
  source: MarketSource;
  feed: {
    snapshotOf(asOf: string): Promise<MarketSnapshot | null>;
    listHistory(from: string, to: string): Promise<{ asOf: string }[]>;
  } | null;
}

const loaders = new WeakMap<object, FigureMarketLoader>();

/** Registers the loader of a sync server (its Hocuspocus), for the writes that do not pass the guard. */
export const registerFigureLoader = (hocuspocus: object, loader: FigureMarketLoader): void => {
  loaders.set(hocuspocus, loader);
};
/** The loader registered for this Hocuspocus (the server's import writes: book-import/write.ts), if any. */
export const figureLoaderOf = (hocuspocus: object): FigureMarketLoader | undefined => loaders.get(hocuspocus);

export function figureMarketLoader(sources: () => FigureMarketSources): FigureMarketLoader {
  const kept = new Map<string, MarketSnapshot>();
  const keep = (snapshot: MarketSnapshot) => {
    kept.delete(snapshot.asOf);
    kept.set(snapshot.asOf, snapshot);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
    return snapshot;
  };
  const pastDay = async (day: string): Promise<MarketSnapshot | null> => {
    const held = kept.get(day);
    if (held) return keep(held);
    const read = (await sources().feed?.snapshotOf(day)) ?? null;
    return read ? keep(read) : null;
  };
  const nearest = async (day: string): Promise<MarketSnapshot | null> => {
    const feed = sources().feed;
    if (!feed) return null;
    const days = await feed.listHistory(addDays(day, -REFERENCE_DAYS), addDays(day, REFERENCE_DAYS));
    const best = nearestDay(
      day,
      days.map((d) => d.asOf),
    );
    return best ? pastDay(best) : null;
  };
  return {
    async load(salesDates) {
      const current = await sources().source.current();
      const markets = new Map<string, FigureMarket>();
      for (const day of salesDates) {
        const held = current?.asOf === day ? current : await pastDay(day);
        markets.set(day, { day: held, reference: held ?? (await nearest(day)) ?? current });
      }
      const none: FigureMarket = { day: null, reference: current };
      return ((day: string) => markets.get(day) ?? none) satisfies FigureMarkets;
    },
  };
}

/**
 * Rule SCE1's market for a set of sales dates, as plain data a work thread receives (the book import's
 * plan task, book-import/plan-task.ts): each snapshot once, and for each date the days of its own snapshot
 * and its reference.
 */
export interface PackedFigureMarkets {
  snapshots: MarketSnapshot[];
  days: Record<string, { day: string | null; reference: string | null }>;
  /** The reference of a date not listed (the current snapshot's day). */
  fallback: string | null;
}

/** Loads the market of `dates` with `loader` and packs it for a work thread. */
export async function packFigureMarkets(
  loader: FigureMarketLoader,
  dates: readonly string[],
): Promise<PackedFigureMarkets> {
  const markets = await loader.load(dates);
  const snapshots = new Map<string, MarketSnapshot>();
  const asOf = (snapshot: MarketSnapshot | null) => {
    if (snapshot) snapshots.set(snapshot.asOf, snapshot);
    return snapshot?.asOf ?? null;
  };
  const days: PackedFigureMarkets["days"] = {};
  for (const date of dates) {
    const { day, reference } = markets(date);
    days[date] = { day: asOf(day), reference: asOf(reference) };
  }
  // A date no row names (none, by construction) gets what the loader gives any date it was not asked for.
  const fallback = asOf(markets("0000-01-01").reference);
  return { snapshots: [...snapshots.values()], days, fallback };
}

/** The FigureMarkets of a packed market (in the work thread). */
export function unpackFigureMarkets(packed: PackedFigureMarkets): FigureMarkets {
  const byDay = new Map(packed.snapshots.map((s) => [s.asOf, s]));
  const of = (day: string | null) => (day ? (byDay.get(day) ?? null) : null);
  return (salesDate) => {
    const entry = Object.hasOwn(packed.days, salesDate) ? packed.days[salesDate] : undefined;
    return entry
      ? { day: of(entry.day), reference: of(entry.reference) }
      : { day: null, reference: of(packed.fallback) };
  };
}
