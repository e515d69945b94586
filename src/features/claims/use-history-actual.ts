import { useEffect, useState } from "react";
import { actualHistoryDays, holdsActual } from "../../../shared/book/claims";
import type { Coverage } from "../../../shared/documents/book";
import type { MarketSnapshot } from "../../../shared/market/snapshot";

// RMA's actual ending value of an LRP endorsement that ended before the device's market data holds it
// (an imported or back-dated endorsement; docs/claims.md): the market history's snapshots of the days
// after its end date (GET /api/market/history/{date}), nearest first, until one holds the A00620 row.
// Offline, or when the history holds none of those days, the agent types RMA's value and its source.

export type HistoryActual =
  | { status: "not-needed" }
  | { status: "looking" }
  | { status: "found"; snapshot: MarketSnapshot }
  | { status: "not-found" };

export function useHistoryActual(
  coverage: Coverage,
  current: MarketSnapshot | null,
  today: string,
): HistoryActual {
  const needed = coverage.plan === "lrp" && coverage.endDate < today && !holdsActual(current, coverage);
  const [state, setState] = useState<HistoryActual>({ status: needed ? "looking" : "not-needed" });
  const key = `${coverage.commodity}|${coverage.type}|${coverage.endDate}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the coverage's terms
  useEffect(() => {
    if (!needed) {
      setState({ status: "not-needed" });
      return;
    }
    let live = true;
    setState({ status: "looking" });
    void (async () => {
      for (const day of actualHistoryDays(coverage.endDate, today)) {
        let snapshot: MarketSnapshot | null = null;
        try {
          const response = await fetch(`/api/market/history/${day}`);
          if (response.ok) snapshot = (await response.json()) as MarketSnapshot;
          // No history at all (no market feed), or offline: no use asking for the next days.
          else if (response.status !== 404) break;
        } catch {
          break;
        }
        if (!live) return;
        if (holdsActual(snapshot, coverage)) {
          setState({ status: "found", snapshot: snapshot as MarketSnapshot });
          return;
        }
      }
      if (live) setState({ status: "not-found" });
    })();
    return () => {
      live = false;
    };
  }, [needed, key, today]);
  return state;
}
