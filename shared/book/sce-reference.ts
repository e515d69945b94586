import { isoDateToUtc } from "../market/dates";
import type { MarketSnapshot } from "../market/snapshot";
import type { FigureMarket } from "./sce-record";

// Which held snapshot rule SCE1 judges a sales date's figures with (docs/book-import.md "SCE1"): the day's own
// when held, else the held day nearest it — the server's market history within REFERENCE_DAYS
// (sync-server/market/figure-markets.ts), the device's snapshots on the create forms
// (src/features/coverages/use-held-snapshots.ts). One choice for both, so the form refuses what the server would.

/** How far either side of a sales date the market history is searched for the reference day. */
export const REFERENCE_DAYS = 60;

/** The day among `days` nearest `salesDate` (the earlier of two as near), or null when there is none. */
export function nearestDay(salesDate: string, days: Iterable<string>): string | null {
  const target = isoDateToUtc(salesDate);
  let best: string | null = null;
  let distance = Number.POSITIVE_INFINITY;
  for (const day of days) {
    const d = Math.abs(isoDateToUtc(day) - target);
    if (d < distance || (d === distance && best !== null && day < best)) {
      best = day;
      distance = d;
    }
  }
  return best;
}

/** SCE1's market of `salesDate` from the snapshots a caller holds: that day's own, and the nearest as reference. */
export function figureMarketFrom(
  salesDate: string,
  held: readonly (MarketSnapshot | null | undefined)[],
): FigureMarket {
  const byDay = new Map<string, MarketSnapshot>();
  for (const snapshot of held) if (snapshot) byDay.set(snapshot.asOf, snapshot);
  const day = byDay.get(salesDate) ?? null;
  const nearest = nearestDay(salesDate, byDay.keys());
  return { day, reference: day ?? (nearest ? (byDay.get(nearest) ?? null) : null) };
}
