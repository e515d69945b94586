// A timer for a moment that may be weeks away (docs/hardening.md, rule TOKEN2). setTimeout holds at most
// 2^31-1 ms (24.8 days): a longer delay fires after 1 ms with a TimeoutOverflowWarning, so a 30-day
// token's expiry timer fired every millisecond. This one waits in steps of at most that much and
// re-arms until the clock reaches the moment.

/** The longest delay setTimeout honours, ms. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

export interface DeadlineTimer {
  cancel(): void;
}

/** Calls `fire` once `now()` reaches `atMs` (never before; at the next turn when it is past already). */
export function atDeadline(atMs: number, fire: () => void, now: () => number): DeadlineTimer {
  let handle: NodeJS.Timeout | undefined;
  let cancelled = false;
  const arm = () => {
    const wait = Math.max(0, atMs - now());
    handle = setTimeout(
      () => {
        if (cancelled) return;
        if (now() < atMs) arm();
        else fire();
      },
      Math.min(wait, MAX_TIMER_DELAY_MS),
    );
    // An expiry timer never keeps the process alive.
    handle.unref?.();
  };
  arm();
  return {
    cancel() {
      cancelled = true;
      clearTimeout(handle);
    },
  };
}
