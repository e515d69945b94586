import { useEffect, useState } from "react";
import { nearestDay, REFERENCE_DAYS } from "../../../shared/book/sce-reference";
import { addDays } from "../../../shared/market/dates";
import { type MarketSnapshot, marketSnapshotSchema } from "../../../shared/market/snapshot";
import { usePricing } from "../../lib/pricing/use-pricing";
import { useDeviceMarket } from "../../lib/sync";

// The market snapshots the device holds for rule SCE1's check of a back-dated endorsement typed from the SCE
// (device-sce-check.ts): the pricing worker's current snapshot, the previous one the device kept
// (src/lib/sync/market), and — when the server answers — its market history's day nearest the sales date
// (GET /api/market/history, the day the server's own check takes). Offline, the first two.

export interface HeldSnapshots {
  snapshots: MarketSnapshot[];
  /** Still asking the worker or the history: the check may yet change. */
  looking: boolean;
}

/** The snapshots held near `salesDate` (null: none wanted, e.g. the form is not typed from the SCE). */
export function useHeldSnapshots(salesDate: string | null): HeldSnapshots {
  const pricing = usePricing();
  const device = useDeviceMarket();
  const asOf = pricing.status === "ready" ? pricing.market.asOf : null;
  const [current, setCurrent] = useState<{ asOf: string; snapshot: MarketSnapshot | null } | null>(null);
  const [history, setHistory] = useState<{ date: string; snapshot: MarketSnapshot | null } | null>(null);

  const wanted = salesDate !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the worker's snapshot changes with the market's date
  useEffect(() => {
    if (!wanted || pricing.status !== "ready" || !asOf) return;
    let live = true;
    void pricing.client.api.snapshot().then(
      (answer) => live && setCurrent({ asOf, snapshot: answer.ok ? answer.value : null }),
      () => live && setCurrent({ asOf, snapshot: null }),
    );
    return () => {
      live = false;
    };
  }, [wanted, asOf]);

  useEffect(() => {
    if (!salesDate) return;
    let live = true;
    void nearestHistoryDay(salesDate).then((snapshot) => {
      if (live) setHistory({ date: salesDate, snapshot });
    });
    return () => {
      live = false;
    };
  }, [salesDate]);

  if (!salesDate) return { snapshots: [], looking: false };
  const fromHistory = history?.date === salesDate ? history.snapshot : null;
  const snapshots = [current?.snapshot ?? null, device.current, device.previous, fromHistory].filter(
    (s): s is MarketSnapshot => s !== null,
  );
  const looking = (asOf !== null && current?.asOf !== asOf) || history?.date !== salesDate;
  return { snapshots, looking };
}

/** The market history's snapshot nearest `salesDate` within REFERENCE_DAYS, or null (none, or no answer). */
async function nearestHistoryDay(salesDate: string): Promise<MarketSnapshot | null> {
  try {
    const from = addDays(salesDate, -REFERENCE_DAYS);
    const to = addDays(salesDate, REFERENCE_DAYS);
    const listed = await fetch(`/api/market/history?from=${from}&to=${to}`);
    if (!listed.ok) return null;
    const { snapshots } = (await listed.json()) as { snapshots?: { asOf?: unknown }[] };
    const days = (snapshots ?? []).flatMap((s) => (typeof s.asOf === "string" ? [s.asOf] : []));
    const day = nearestDay(salesDate, days);
    if (!day) return null;
    const answer = await fetch(`/api/market/history/${encodeURIComponent(day)}`);
    const parsed = answer.ok ? marketSnapshotSchema.safeParse(await answer.json()) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null; // offline: the snapshots kept on the device
  }
}
