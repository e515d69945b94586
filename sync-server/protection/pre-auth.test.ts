import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configSchema } from "../config";
import { type PreAuthBreach, PreAuthBudget } from "./pre-auth";

// INPUT3 on a fixed clock: the deadline is the rule's 30 s to the millisecond, by the socket's own timer;
// the allowance and the global budget count bytes as they arrive and give them back.

const limits = () => {
  const config = configSchema.parse({ NODE_ENV: "test" });
  return {
    perSocketBytes: config.SYNC_PRE_AUTH_BYTES_PER_SOCKET,
    totalBytes: config.SYNC_PRE_AUTH_BYTES_TOTAL,
    deadlineMs: config.SYNC_AUTH_DEADLINE_MS,
  };
};

describe("[INPUT3] the pre-authentication gate", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("closes a socket that has not signed in at 30 s exactly, not a check interval later", () => {
    const breaches: PreAuthBreach[] = [];
    new PreAuthBudget(limits()).open(new PassThrough(), (breach) => breaches.push(breach));
    vi.advanceTimersByTime(29_999);
    const before = [...breaches];
    vi.advanceTimersByTime(1);
    expect({ before, after: breaches }).toEqual({ before: [], after: ["pre-auth-deadline"] });
  });

  it("counts bytes against the socket's allowance and the global budget, and gives them back at sign-in and close", () => {
    const budget = new PreAuthBudget({ perSocketBytes: 100, totalBytes: 150, deadlineMs: 30_000 });
    const breaches: string[] = [];
    const a = new PassThrough();
    const b = new PassThrough();
    const gateA = budget.open(a, (breach) => breaches.push(`a ${breach}`));
    budget.open(b, (breach) => breaches.push(`b ${breach}`));
    a.emit("data", Buffer.alloc(90));
    b.emit("data", Buffer.alloc(50)); // 140 held
    gateA.release(); // a signs in: 50 held
    a.emit("data", Buffer.alloc(500)); // no longer counted
    b.emit("data", Buffer.alloc(60)); // b: 110 > 100, refused; its bytes count until it has closed
    vi.advanceTimersByTime(60_000);
    const refused = budget.held;
    b.emit("close");
    expect({ breaches, refused, closed: budget.held }).toEqual({
      breaches: ["b pre-auth-bytes"],
      refused: 110,
      closed: 0,
    });
  });

  it("refuses the socket whose bytes take all sockets over the global budget", () => {
    const budget = new PreAuthBudget({ perSocketBytes: 100, totalBytes: 150, deadlineMs: 30_000 });
    const breaches: string[] = [];
    const sockets = [new PassThrough(), new PassThrough()];
    sockets.forEach((socket, i) => {
      budget.open(socket, (breach) => breaches.push(`${i} ${breach}`));
    });
    sockets[0].emit("data", Buffer.alloc(90));
    sockets[1].emit("data", Buffer.alloc(90));
    expect(breaches).toEqual(["1 pre-auth-budget"]);
  });
});
