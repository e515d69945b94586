import { centralDateOf } from "../../shared/pricing/sales-window";
import { fixClockAt, now } from "../../sync-server/clock";
import { DAYS } from "./days";

export { DAYS };

// The end-to-end runs' one clock (docs/server-layout.md): the server under test starts at CLOCK_FIXED_AT
// (sync-server/clock.ts), every browser context starts at the same instant (Playwright's clock, see
// ./fixtures.ts), and this process — the tests' own dates and the servers some specs start in it —
// reads the same clock. Each runs at the real pace from there, so the day is E2E_DAY for the whole run.

/** The instant the run's clock started at: the config's E2E_CLOCK_FIXED_AT (the sales day by default). */
export const E2E_CLOCK_FIXED_AT = process.env.E2E_CLOCK_FIXED_AT ?? DAYS.sales;
/** The real moment the run's clock was at E2E_CLOCK_FIXED_AT: the global setup takes it from the server's clock. */
let startedAt = Number(process.env.E2E_CLOCK_STARTED ?? Date.now());
fixClockAt(E2E_CLOCK_FIXED_AT, startedAt);

/** Sets the real moment the run's clock started (the global setup, from the server's clock). */
export function followRunClock(started: number): void {
  startedAt = started;
  fixClockAt(E2E_CLOCK_FIXED_AT, startedAt);
}

/** Now on the run's clock (use it instead of new Date() in tests). */
export const e2eNow = (): Date => now();
/** The run's day in Central time (RMA's day), YYYY-MM-DD. */
export const E2E_DAY = centralDateOf(new Date(E2E_CLOCK_FIXED_AT));

/**
 * Moves this process's clock to `at` (the tests' dates, servers started in this process, browser
 * contexts made from now on); returns what puts it back on the run's clock. For a spec that runs a day
 * of its own on a server of its own (day-kinds.spec.ts); a worker process runs one test at a time, so
 * nothing else in this process runs meanwhile.
 */
export function moveClockTo(at: string): () => void {
  fixClockAt(at);
  return () => fixClockAt(E2E_CLOCK_FIXED_AT, startedAt);
}
