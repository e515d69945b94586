import { addDays, weekday } from "../../market/dates";
import type { MarketSnapshot } from "../../market/snapshot";
import { actualEndingValue } from "../../pricing/lrp/actual";

// RMA's actual ending value of an endorsement that ended before the device's market data holds it
// (an imported or back-dated endorsement that ended weeks ago; docs/claims.md). RMA publishes it in the
// A00620 file a few trading days after the end date, and each day's snapshot keeps the values of the
// last weeks; the market history (GET /api/market/history/{date}) holds past days' snapshots. So the
// days to look at are the weekdays after the end date, nearest first, up to today.

/** How many days after the end date RMA's value is looked for (it is published within days). */
const ACTUAL_SEARCH_DAYS = 21;

/** The history days that may hold the actual ending value of `endDate`, in the order to try them. */
export function actualHistoryDays(endDate: string, today: string): string[] {
  const out: string[] = [];
  for (let i = 1; i <= ACTUAL_SEARCH_DAYS; i++) {
    const day = addDays(endDate, i);
    if (day > today) break;
    const w = weekday(day);
    if (w !== 0 && w !== 6) out.push(day);
  }
  return out;
}

/** Whether a snapshot holds RMA's actual ending value of the type and end date. */
export const holdsActual = (
  snapshot: MarketSnapshot | null,
  coverage: { commodity: string; type: string; endDate: string },
): boolean =>
  snapshot !== null &&
  actualEndingValue(snapshot, coverage.commodity, coverage.type, coverage.endDate) !== null;
