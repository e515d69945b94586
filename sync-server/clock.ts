// The server's one clock: every "now" of the server (the market day, tokens, deadlines, stored times)
// reads it, so that an end-to-end run can put the whole server on one day (CLOCK_FIXED_AT, never in
// production: sync-server/config.ts refuses it there). Unset, it is the system clock.
//
// A fixed clock starts at the given instant when it is fixed and runs at the real pace from there:
// times still move forward (history, token lifetimes, rate limits and time-outs keep working), while the
// day is the chosen one for any run shorter than the hours left until Central midnight.

/** What a clock answers: milliseconds since the epoch, like Date.now(). */
export type NowMs = () => number;

let offsetMs = 0;

/** Now, in milliseconds since the epoch (the server's Date.now()). */
export const nowMs: NowMs = () => Date.now() + offsetMs;

/** Now, as a Date (the server's new Date()). */
export const now = (): Date => new Date(nowMs());

/** Now, in whole seconds since the epoch (JWT times). */
export const nowSeconds = (): number => Math.floor(nowMs() / 1000);

/**
 * Puts the clock at `at` from this moment on; it runs at the real pace from there. For the server's
 * start (CLOCK_FIXED_AT) and tests; `realNow` is the moment taken as "now" (default: the system clock).
 */
export function fixClockAt(at: Date | string, realNow: number = Date.now()): void {
  const instant = typeof at === "string" ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) throw new Error(`fixClockAt: "${String(at)}" is not a date and time`);
  offsetMs = instant.getTime() - realNow;
}

/** Back to the system clock. */
export function useSystemClock(): void {
  offsetMs = 0;
}
