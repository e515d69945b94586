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

async function start(): Promise<void> {
  try {
    // The worker's module (and the engine inside it) loads while the snapshot downloads.
    const [{ createPricingClient }, loaded] = await Promise.all([
      import("../../../worker/client"),
      source.load(),
    ]);
    const client = state.status === "ready" ? state.client : createPricingClient();
    const result = await client.api.setMarket(loaded.snapshot);
    if (!result.ok) {
      set({ status: "error", message: `The market data is not usable: ${result.error.message}` });
      return;
    }
    set({ status: "ready", client, market: { ...result.value, fromDevice: loaded.fromDevice } });
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
