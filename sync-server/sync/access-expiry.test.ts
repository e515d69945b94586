import type { connectedPayload } from "@hocuspocus/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Storage } from "../storage/types";
import { AccessControl } from "./access";
import { atDeadline, MAX_TIMER_DELAY_MS } from "./deadline-timer";

// TOKEN2 (docs/hardening.md): a token valid for longer than setTimeout's 2^31-1 ms (24.8 days; Auth0 allows
// 30-day access tokens) must not make its connection's expiry timer fire at once, and then every
// millisecond: the timer waits in steps and fires at the token's expiry.

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 10, 27, 12, 0, 0);

/** A live connection as AccessControl sees it, with a token expiring `lifetimeMs` from now. */
function liveConnection(lifetimeMs: number) {
  return {
    context: { identity: { sub: "auth0|agent", expiresAt: (START + lifetimeMs) / 1000 } },
    requestToken: vi.fn(),
    close: vi.fn(),
    onClose: vi.fn(),
  };
}

async function connect(connection: ReturnType<typeof liveConnection>) {
  const access = new AccessControl({
    storage: {} as Storage,
    verify: () => Promise.reject(new Error("not used")),
  });
  await access.connected({ connection } as unknown as connectedPayload);
}

describe("[TOKEN2] expiry timers of long-lived tokens", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a 30-day token is not asked to refresh in its first minute", async () => {
    const connection = liveConnection(30 * DAY_MS);
    await connect(connection);
    vi.advanceTimersByTime(60_000);
    expect(connection.requestToken).not.toHaveBeenCalled();
  });

  it("a 30-day token's connection keeps one pending timer per deadline, not a timer firing every ms", async () => {
    const connection = liveConnection(30 * DAY_MS);
    await connect(connection);
    vi.advanceTimersByTime(1_000);
    // The refresh request and the expiry: two timers, still waiting.
    expect(vi.getTimerCount()).toBe(2);
  });

  it("a 30-day token is asked for a fresh one 30 s before it expires, once", async () => {
    const connection = liveConnection(30 * DAY_MS);
    await connect(connection);
    vi.advanceTimersByTime(30 * DAY_MS - 30_000);
    expect(connection.requestToken).toHaveBeenCalledTimes(1);
  });

  it("a 30-day token's connection closes with session-expired at its expiry, not before", async () => {
    const connection = liveConnection(30 * DAY_MS);
    await connect(connection);
    vi.advanceTimersByTime(30 * DAY_MS - 1);
    expect(connection.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(connection.close).toHaveBeenCalledWith(expect.objectContaining({ reason: "session-expired" }));
  });

  it("a deadline further than setTimeout's limit fires exactly at it", () => {
    const fired: number[] = [];
    atDeadline(START + 2 * MAX_TIMER_DELAY_MS + 5, () => fired.push(Date.now()), Date.now);
    vi.advanceTimersByTime(3 * MAX_TIMER_DELAY_MS);
    expect(fired).toEqual([START + 2 * MAX_TIMER_DELAY_MS + 5]);
  });
});
