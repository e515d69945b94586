import type { MarketInfo, PricingClient } from "../../../worker/client";
import { httpMarketSource } from "./http-market-source";
import type { MarketSnapshotSource } from "./market-source";

// One pricing worker for the whole page, started by the first quote screen and kept for the others,
// with the market snapshot loaded into it. Screens read the state through usePricing().

export type PricingState =
  | { status: "loading" }
  | { status: "ready"; client: PricingClient; market: MarketInfo & { fromDevice: boolean } }
  | { status: "error"; message: string };

let state: PricingState = { status: "loading" };
let started: Promise<void> | undefined;
let source: MarketSnapshotSource = httpMarketSource;
const listeners = new Set<() => void>();

function set(next: PricingState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Another source for the snapshot (e.g. the synced market/current document); reloads if started. */
export function setMarketSource(next: MarketSnapshotSource): void {
  source = next;
  if (started) started = start();
}

/**
 * After the LRP part: the page's next idle moment (at most 1 s away), so that the screen's first quote is
 * in the worker's queue before the whole snapshot, which the worker then parses, is fetched.
 */
const nextIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });

const sameMarket = (a: PricingState, market: MarketInfo & { fromDevice: boolean }) =>
  a.status === "ready" && JSON.stringify(a.market) === JSON.stringify(market);

async function start(): Promise<void> {
  try {
    // The worker's module (and the engine inside it) loads while the snapshot downloads. A new worker
    // first gets the snapshot's LRP part when the source has one (docs/first-visit.md: a first LRP quote waits
    // for ~10 KB, not ~66 KB); the whole snapshot follows, and what needs LGM's data waits for it.
    const fresh = state.status !== "ready";
    const [{ createPricingClient }, part] = await Promise.all([
      import("../../../worker/client"),
      fresh ? source.loadLrpPart?.() : undefined,
    ]);
    const client = state.status === "ready" ? state.client : createPricingClient();
    const first = part ? await client.api.setMarket(part.snapshot, { part: "lrp" }) : undefined;
    if (part && first?.ok) {
      set({ status: "ready", client, market: { ...first.value, fromDevice: part.fromDevice } });
      await nextIdle();
    }
    let loaded: Awaited<ReturnType<MarketSnapshotSource["load"]>>;
    try {
      loaded = await source.load();
    } catch (error) {
      if (!first?.ok) throw error;
      // The LRP part keeps quoting; what needs LGM's data says why it cannot.
      await client.api.wholeMarketMissing(error instanceof Error ? error.message : String(error));
      return;
    }
    const result = await client.api.setMarket(loaded.snapshot);
    if (!result.ok) {
      set({ status: "error", message: `The market data is not usable: ${result.error.message}` });
      return;
    }
    const market = { ...result.value, fromDevice: loaded.fromDevice };
    // The same market as the part's: no new state, so the screens do not price again.
    if (!sameMarket(state, market)) set({ status: "ready", client, market });
  } catch (error) {
    set({ status: "error", message: error instanceof Error ? error.message : String(error) });
  }
}

export function startPricing(): void {
  started ??= start();
}

/** Tries again after an error (e.g. when the connection comes back). */
export function retryPricing(): void {
  set({ status: "loading" });
  started = start();
}

export const pricingStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};
