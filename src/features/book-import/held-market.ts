import type { FigureMarkets } from "../../../shared/book/sce-record";
import type { MarketSnapshot } from "../../../shared/market/snapshot";

// The market that prices held endorsements (HOLD1, the Needs details panel): each sales day's snapshot from
// the server's market history (GET /api/market/history/{day}). A day the server does not hold, or that
// cannot be read now, prices nothing: its endorsements keep waiting for their SCE figures.

/** Sales days whose snapshot is asked from the market history at once. */
const MAX_DAYS = 60;

export async function heldMarket(
  dates: readonly string[],
  get: (path: string) => Promise<Response> = (path) => fetch(path),
): Promise<FigureMarkets> {
  const days = new Map<string, MarketSnapshot>();
  await Promise.all(
    dates.slice(0, MAX_DAYS).map(async (date) => {
      try {
        const response = await get(`/api/market/history/${encodeURIComponent(date)}`);
        if (response.ok) days.set(date, (await response.json()) as MarketSnapshot);
      } catch {
        // Offline or not held: that day's endorsements keep waiting for their SCE figures.
      }
    }),
  );
  return (date) => ({ day: days.get(date) ?? null, reference: days.get(date) ?? null });
}
