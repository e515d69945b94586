import { type Remote, releaseProxy, wrap } from "comlink";
import type { PricingApi, Result } from "./api";

// The page's handle on the pricing worker. `latest` wraps a call so that only the newest request of a
// channel resolves with a value: an older one still in flight resolves `superseded`, whatever the
// worker answers (the worker also skips stale requests it has not started).

export interface PricingClient {
  api: Remote<PricingApi>;
  latest<T>(channel: string, call: (api: Remote<PricingApi>) => Promise<Result<T>>): Promise<Result<T>>;
  terminate(): void;
}

export function createPricingClient(): PricingClient {
  const worker = new Worker(new URL("./pricing.worker.ts", import.meta.url), { type: "module" });
  const api = wrap<PricingApi>(worker);
  const tickets = new Map<string, number>();
  return {
    api,
    async latest(channel, call) {
      const ticket = (tickets.get(channel) ?? 0) + 1;
      tickets.set(channel, ticket);
      const result = await call(api);
      if (tickets.get(channel) !== ticket)
        return {
          ok: false,
          error: { code: "superseded", message: "a newer request replaced this one", path: [] },
        };
      return result;
    },
    terminate() {
      api[releaseProxy]();
      worker.terminate();
    },
  };
}

export type { MarketInfo, PricingApi, Result } from "./api";
