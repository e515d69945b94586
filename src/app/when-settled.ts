// The first screen first (docs/first-visit.md): what the first screen does not need — the Roboto files and the
// service worker's precache of the whole app — waits until the page has loaded and the network has
// been quiet for a moment, so on a slow link it does not share the bandwidth with the screen's own
// scripts and market data. `load` waits for everything the HTML preloads (the landing screen's chunks,
// the market snapshot); the quiet period covers what the screen asks for after (the pricing worker,
// the chart).

export interface SettleOptions {
  /** How long no resource may finish before the page counts as settled. */
  quietMs?: number;
  /** Settled at the latest this long after `load`, however busy the network. */
  capMs?: number;
}

export interface SettleEnvironment {
  readyState: () => DocumentReadyState;
  onLoad: (listener: () => void) => void;
  /** Calls `listener` each time a resource finishes; returns how to stop. */
  onResource: (listener: () => void) => () => void;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browser = (): SettleEnvironment => ({
  readyState: () => document.readyState,
  onLoad: (listener) => window.addEventListener("load", listener, { once: true }),
  onResource: (listener) => {
    if (typeof PerformanceObserver === "undefined") return () => {};
    const observer = new PerformanceObserver(listener);
    observer.observe({ type: "resource" });
    return () => observer.disconnect();
  },
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
});

/** Resolves once the page has loaded and no resource has finished for `quietMs` (or `capMs` passed). */
export function whenSettled(
  { quietMs = 1000, capMs = 10_000 }: SettleOptions = {},
  env: SettleEnvironment = browser(),
): Promise<void> {
  return new Promise((resolve) => {
    const afterLoad = () => {
      let quiet: unknown;
      let stop = () => {};
      const done = () => {
        env.clearTimeout(quiet);
        env.clearTimeout(cap);
        stop();
        resolve();
      };
      const cap = env.setTimeout(done, capMs);
      const restart = () => {
        env.clearTimeout(quiet);
        quiet = env.setTimeout(done, quietMs);
      };
      stop = env.onResource(restart);
      restart();
    };
    if (env.readyState() === "complete") afterLoad();
    else env.onLoad(afterLoad);
  });
}
