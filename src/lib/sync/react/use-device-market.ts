import { useMemo, useSyncExternalStore } from "react";
import { marketHistoryOf } from "../market/device-market";
import type { MarketHistoryState } from "../market/market-history";
import { isStale } from "../market/trading-day";
import { useSyncClient } from "./sync-context";

export interface DeviceMarket extends MarketHistoryState {
  /** Older than the last trading day (trading-day.ts). */
  stale: boolean;
}

const EMPTY: MarketHistoryState = { current: null, previous: null };
const noop = () => () => {};

/** The current and previous snapshot on this device; nulls until there is one (or signed out). */
export function useDeviceMarket(now: () => number = Date.now): DeviceMarket {
  const client = useSyncClient();
  const history = useMemo(() => (client ? marketHistoryOf(client) : null), [client]);
  const state = useSyncExternalStore(history?.subscribe ?? noop, history?.get ?? (() => EMPTY), () => EMPTY);
  const asOf = state.current?.asOf;
  return { ...state, stale: asOf ? isStale(asOf, now()) : false };
}
