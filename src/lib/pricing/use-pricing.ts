import type { Remote } from "comlink";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { PricingApi, Result } from "../../../worker/client";
import { type PricingState, pricingStore, startPricing } from "./pricing-store";

/** The shared pricing worker and market snapshot; starts them on first use. */
export function usePricing(): PricingState {
  useEffect(() => startPricing(), []);
  return useSyncExternalStore(pricingStore.subscribe, pricingStore.get, pricingStore.get);
}

export type Computation<T> =
  | { status: "idle" }
  | { status: "pending"; last?: T; lastKey?: string }
  | { status: "done"; value: T; key: string }
  | { status: "failed"; code: string; message: string; path: (string | number)[] };

/**
 * Runs `call` in the worker whenever `key` changes (null: nothing to compute, e.g. invalid input).
 * Only the newest request of the channel resolves (older ones are superseded), so typing fast never
 * shows an older answer after a newer one.
 */
export function useWorkerResult<T>(
  channel: string,
  key: string | null,
  call: (api: Remote<PricingApi>) => Promise<Result<T>>,
): Computation<T> {
  const pricing = usePricing();
  const [result, setResult] = useState<Computation<T>>({ status: "idle" });
  const callRef = useRef(call);
  callRef.current = call;
  const lastValue = useRef<{ value: T; key: string } | undefined>(undefined);

  useEffect(() => {
    if (pricing.status !== "ready" || key === null) {
      setResult({ status: "idle" });
      return;
    }
    let live = true;
    setResult({ status: "pending", last: lastValue.current?.value, lastKey: lastValue.current?.key });
    pricing.client
      .latest(channel, (api) => callRef.current(api))
      .then((r) => {
        if (!live) return;
        if (r.ok) {
          lastValue.current = { value: r.value, key };
          setResult({ status: "done", value: r.value, key });
        } else if (r.error.code !== "superseded") {
          setResult({ status: "failed", code: r.error.code, message: r.error.message, path: r.error.path });
        }
      })
      // A call that throws instead of answering (e.g. the worker could not load a part of the engine
      // over a dropped connection) says so, rather than leaving the screen pending for ever.
      .catch((error: unknown) => {
        if (!live) return;
        const reason = error instanceof Error ? error.message : String(error);
        setResult({
          status: "failed",
          code: "worker-failed",
          message: `The calculation could not run on this device (${reason}). Reload the page to try again.`,
          path: [],
        });
      });
    return () => {
      live = false;
    };
  }, [pricing, channel, key]);

  return result;
}

/** The value to show and the key (input) it was computed from: the newest, or the last while pending. */
export function shownResult<T>(c: Computation<T>): { value: T; key: string } | null {
  if (c.status === "done") return { value: c.value, key: c.key };
  if (c.status === "pending" && c.last !== undefined && c.lastKey !== undefined)
    return { value: c.last, key: c.lastKey };
  return null;
}

/** The engine's message without the "field: " prefix it carries for programs (shown next to the field). */
export function messageForField(message: string, path: readonly (string | number)[]): string {
  const prefix = `${path.join(".")}: `;
  return path.length > 0 && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
