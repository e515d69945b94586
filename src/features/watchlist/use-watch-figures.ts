import { useEffect, useState } from "react";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import type { MarketSnapshot } from "../../../shared/market";
import type { PricingClient, Result } from "../../../worker/client";
import { figuresOfLgm, figuresOfLrp, type WatchFigures, watchQuoteInput } from "./watch-quote";

// Prices every setup of the watchlist in the compute worker, against the current snapshot and — in a
// second worker, so neither reloads its market for every row — the previous one. A worker gets its
// snapshot once per as-of date.

export type WatchFigureState =
  | { status: "pending" }
  | { status: "done"; current: WatchFigures; previous: WatchFigures | null }
  | { status: "failed"; message: string };

interface Pricer {
  client: PricingClient;
  asOf: string | null;
}

const pricers: Partial<Record<"current" | "previous", Promise<Pricer>>> = {};

function pricer(which: "current" | "previous"): Promise<Pricer> {
  pricers[which] ??= import("../../../worker/client").then(({ createPricingClient }) => ({
    client: createPricingClient(),
    asOf: null,
  }));
  return pricers[which];
}

async function priceAll(
  which: "current" | "previous",
  snapshot: MarketSnapshot,
  items: readonly WatchSetup[],
): Promise<Map<string, Result<WatchFigures>>> {
  const p = await pricer(which);
  const key = `${snapshot.source}:${snapshot.asOf}:${snapshot.label}`;
  if (p.asOf !== key) {
    const set = await p.client.api.setMarket(snapshot);
    if (!set.ok) throw new Error(set.error.message);
    p.asOf = key;
  }
  const out = new Map<string, Result<WatchFigures>>();
  for (const item of items) {
    const id = item.id as string;
    const request = watchQuoteInput(item, snapshot);
    const channel = `watch:${which}:${id}`;
    if (request.plan === "lrp") {
      const r = await p.client.api.quoteLrp(request.input, { channel });
      out.set(id, r.ok ? { ok: true, value: figuresOfLrp(r.value) } : r);
    } else {
      const r = await p.client.api.quoteLgm(request.input, { channel });
      out.set(id, r.ok ? { ok: true, value: figuresOfLgm(r.value) } : r);
    }
  }
  return out;
}

export function useWatchFigures(
  items: readonly WatchSetup[],
  current: MarketSnapshot | null,
  previous: MarketSnapshot | null,
): Record<string, WatchFigureState> {
  const [figures, setFigures] = useState<Record<string, WatchFigureState>>({});
  const itemsKey = JSON.stringify(items);
  const currentKey = current ? `${current.asOf}:${current.label}` : "";
  const previousKey = previous ? `${previous.asOf}:${previous.label}` : "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for items and snapshots.
  useEffect(() => {
    if (!current || items.length === 0) {
      setFigures({});
      return;
    }
    let live = true;
    setFigures((before) => {
      const next: Record<string, WatchFigureState> = {};
      for (const item of items) next[item.id as string] = before[item.id as string] ?? { status: "pending" };
      return next;
    });
    void (async () => {
      try {
        const [now, then] = await Promise.all([
          priceAll("current", current, items),
          previous && previous.asOf !== current.asOf ? priceAll("previous", previous, items) : null,
        ]);
        if (!live) return;
        const next: Record<string, WatchFigureState> = {};
        for (const item of items) {
          const id = item.id as string;
          const r = now.get(id);
          const p = then?.get(id);
          if (!r || (!r.ok && r.error.code === "superseded")) continue;
          next[id] = r.ok
            ? { status: "done", current: r.value, previous: p?.ok ? p.value : null }
            : { status: "failed", message: r.error.message };
        }
        setFigures(next);
      } catch (error) {
        if (!live) return;
        const message = error instanceof Error ? error.message : String(error);
        setFigures(Object.fromEntries(items.map((i) => [i.id as string, { status: "failed", message }])));
      }
    })();
    return () => {
      live = false;
    };
  }, [itemsKey, currentKey, previousKey]);

  return figures;
}
