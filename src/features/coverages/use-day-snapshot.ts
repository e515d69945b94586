import { useEffect, useState } from "react";
import type { MarketSnapshot } from "../../../shared/market/snapshot";

// The market snapshot of a past sales date from the server's market history
// (GET /api/market/history/{date}), for an endorsement bought on an earlier day (docs/agent-book.md "Bought on an earlier day"). A day
// the history does not hold — or no answer, offline — leaves the agent to type the SCE's figures.

export type DaySnapshot =
  | { status: "none" }
  | { status: "loading"; date: string }
  | { status: "held"; date: string; snapshot: MarketSnapshot }
  | { status: "missing"; date: string; why: string };

/** The snapshot of `date` (null: nothing to load). */
export function useDaySnapshot(date: string | null): DaySnapshot {
  const [state, setState] = useState<DaySnapshot>({ status: "none" });
  useEffect(() => {
    if (!date) {
      setState({ status: "none" });
      return;
    }
    let live = true;
    setState({ status: "loading", date });
    void (async () => {
      let next: DaySnapshot;
      try {
        const response = await fetch(`/api/market/history/${encodeURIComponent(date)}`);
        if (response.ok) next = { status: "held", date, snapshot: (await response.json()) as MarketSnapshot };
        else
          next = {
            status: "missing",
            date,
            why:
              response.status === 404
                ? "the market history does not hold that day"
                : `the market history answered ${response.status}`,
          };
      } catch {
        next = { status: "missing", date, why: "the market history cannot be reached (offline?)" };
      }
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, [date]);
  return state;
}
