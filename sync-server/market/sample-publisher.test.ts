import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { sampleMarketSource } from "./api";
import { nextCentralMidnight } from "./central-time";
import { startSamplePublisher } from "./sample-publisher";

// The sample market data rolls over at Central midnight (a dev server running across it used to keep
// serving the previous day's notice in `market/current` for up to 15 minutes while
// GET /api/market/current had moved on). Fake clock: vitest's timers and Date.

describe("nextCentralMidnight", () => {
  it("is 00:00 Central of the next day, CST or CDT, across both DST changes", () => {
    expect(nextCentralMidnight(new Date("2026-11-24T05:59:59Z")).toISOString()).toBe(
      "2026-11-24T06:00:00.000Z",
    );
    expect(nextCentralMidnight(new Date("2026-11-24T06:00:00Z")).toISOString()).toBe(
      "2026-11-25T06:00:00.000Z",
    );
    expect(nextCentralMidnight(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe(
      "2026-07-02T05:00:00.000Z",
    );
    // DST starts 2026-03-08 at 2 am, ends 2026-11-01 at 2 am
    expect(nextCentralMidnight(new Date("2026-03-08T18:00:00Z")).toISOString()).toBe(
      "2026-03-09T05:00:00.000Z",
    );
    expect(nextCentralMidnight(new Date("2026-03-07T18:00:00Z")).toISOString()).toBe(
      "2026-03-08T06:00:00.000Z",
    );
    expect(nextCentralMidnight(new Date("2026-10-31T18:00:00Z")).toISOString()).toBe(
      "2026-11-01T05:00:00.000Z",
    );
    expect(nextCentralMidnight(new Date("2026-11-01T18:00:00Z")).toISOString()).toBe(
      "2026-11-02T06:00:00.000Z",
    );
  });
});

describe("the sample market publisher", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setUp = async (now: string, publish?: (s: MarketSnapshot) => Promise<void>) => {
    vi.setSystemTime(new Date(now));
    const source = sampleMarketSource();
    const notices: { asOf: string; label: string; at: string }[] = [];
    const publisher = await startSamplePublisher({
      source,
      publish:
        publish ??
        (async (s) => {
          notices.push({ asOf: s.asOf, label: s.label, at: new Date().toISOString() });
        }),
      log: () => {},
    });
    return { source, notices, publisher };
  };

  it("publishes the new day's sample within a second of Central midnight, as the API serves it", async () => {
    // 23:59:00 CST on Monday 2026-11-23
    const { source, notices, publisher } = await setUp("2026-11-24T05:59:00Z");
    expect(notices).toEqual([
      { asOf: "2026-11-23", label: "sample market data", at: "2026-11-24T05:59:00.000Z" },
    ]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(notices).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(notices.map((n) => n.asOf)).toEqual(["2026-11-23", "2026-11-24"]);
    const rolled = Date.parse(notices[1]?.at ?? "");
    expect(rolled - Date.parse("2026-11-24T06:00:00Z")).toBeGreaterThanOrEqual(0);
    expect(rolled - Date.parse("2026-11-24T06:00:00Z")).toBeLessThan(1_000);
    // the notice and GET /api/market/current's source name the same day
    expect((await source.current())?.asOf).toBe(publisher.published());
    // nothing more until the next midnight; then the next day, again on time
    await vi.advanceTimersByTimeAsync(23 * 3_600_000);
    expect(notices).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(notices.map((n) => n.asOf)).toEqual(["2026-11-23", "2026-11-24", "2026-11-25"]);
    publisher.stop();
  });

  it("rolls over at the DST change's midnight too (CDT → CST)", async () => {
    const { notices, publisher } = await setUp("2026-11-01T04:30:00Z"); // 23:30 CDT, Oct 31
    await vi.advanceTimersByTimeAsync(30 * 60_000 + 100);
    expect(notices.map((n) => n.asOf)).toEqual(["2026-10-31", "2026-11-01"]);
    const rolled = Date.parse(notices[1]?.at ?? "") - Date.parse("2026-11-01T05:00:00Z"); // 00:00 CDT
    expect(rolled).toBeGreaterThanOrEqual(0);
    expect(rolled).toBeLessThan(1_000);
    publisher.stop();
  });

  it("a failed publish is tried again at the next check, and stop() ends it", async () => {
    let fail = true;
    const seen: string[] = [];
    const { publisher } = await setUp("2026-11-24T05:59:59Z", async (s) => {
      if (fail && s.asOf === "2026-11-24") {
        fail = false;
        throw new Error("sync down");
      }
      seen.push(s.asOf);
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen).toEqual(["2026-11-23"]);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(seen).toEqual(["2026-11-23", "2026-11-24"]);
    publisher.stop();
    await vi.advanceTimersByTimeAsync(48 * 3_600_000);
    expect(seen).toEqual(["2026-11-23", "2026-11-24"]);
  });
});
