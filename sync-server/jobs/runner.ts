import { nowMs } from "../clock";
import type { JobStore } from "./store";

// Runs one job run to its end, once across restarts and instances: claim the run (the store's lease),
// try, and on failure record it and try again after 1 s, 2 s, 4 s … at most 30 s apart, until it works
// or the next try would start after the deadline; then the run is finished as done or failed and no
// instance runs it again. The lease is renewed before each attempt (`leaseMs`); a crash leaves the run
// "running" until its lease expires, after which another instance (or the restarted one) claims it.

export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;

export interface RunOptions {
  store: JobStore;
  job: string;
  runKey: string;
  /** This process's id (one per server instance). */
  owner: string;
  /** Epoch ms after which no new attempt starts. */
  deadline: number;
  attempt: (n: number) => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Stops the run between attempts (the server is shutting down); the lease then runs out. */
  signal?: AbortSignal;
  /** How long after the deadline a crashed holder's lease lasts at most. */
  leaseMarginMs?: number;
  /**
   * How long one attempt may hold the run: the lease is renewed before each attempt to now + this
   * (never past the deadline + margin), so a crashed holder's run is taken over soon after. Longer
   * than any attempt can take. Default: until the deadline.
   */
  leaseMs?: number;
  /** Shorter retry delays for tests only; the defaults are 1 s doubling to 30 s. */
  retry?: { firstMs: number; maxMs: number };
}

export type RunOutcome =
  | { status: "done"; attempts: number }
  | { status: "failed"; attempts: number; lastError: string }
  /** Not run here: another holder has it, or it already ended. */
  | { status: "skipped"; state: "running" | "done" | "failed" };

/** Waits `ms`, or less when `signal` aborts. */
const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export async function runOnce(options: RunOptions): Promise<RunOutcome> {
  const now = options.now ?? nowMs;
  const sleep = options.sleep ?? ((ms: number) => delay(ms, options.signal));
  const { store, job, runKey, owner } = options;
  const first = options.retry?.firstMs ?? RETRY_FIRST_MS;
  const max = options.retry?.maxMs ?? RETRY_MAX_MS;
  const lastLease = options.deadline + (options.leaseMarginMs ?? 60_000);
  const leaseUntil = () =>
    Math.min(lastLease, options.leaseMs === undefined ? lastLease : now() + options.leaseMs);
  const claim = await store.claimRun(job, runKey, owner, now(), leaseUntil());
  if (claim !== "claimed") return { status: "skipped", state: claim };
  let wait = first;
  for (let n = 1; ; n++) {
    if (options.signal?.aborted) return { status: "skipped", state: "running" };
    if (n > 1) {
      // Renew the lease for this attempt; another instance took the run over if ours had expired.
      const renewed = await store.claimRun(job, runKey, owner, now(), leaseUntil());
      if (renewed !== "claimed") return { status: "skipped", state: renewed };
    }
    try {
      await options.attempt(n);
      await store.finishRun(job, runKey, owner, "done", now());
      return { status: "done", attempts: n };
    } catch (error) {
      const message = errorMessage(error);
      await store.recordFailure({ job, runKey, attempt: n, at: now(), message });
      if (now() + wait > options.deadline) {
        await store.recordFailure({
          job,
          runKey,
          attempt: n,
          at: now(),
          message: `gave up after ${n} attempt${n === 1 ? "" : "s"}: the deadline has passed`,
        });
        await store.finishRun(job, runKey, owner, "failed", now());
        return { status: "failed", attempts: n, lastError: message };
      }
      await sleep(wait);
      wait = Math.min(wait * 2, max);
    }
  }
}

/** Calls `tick` now and every `intervalMs` (one tick at a time); stop() ends it. */
export function schedule(intervalMs: number, tick: () => Promise<void>, onError: (e: unknown) => void) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const fire = () => {
    if (running || stopped) return;
    running = tick()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(fire, intervalMs);
  timer.unref();
  fire();
  return {
    /** Resolves once a tick in progress has ended. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
