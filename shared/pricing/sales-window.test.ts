import { describe, expect, it } from "vitest";
import {
  centralInstant,
  isInSalesWindow,
  isSnapshotStale,
  lastTradingDay,
  salesWindow,
} from "./sales-window";

describe("LRP sales window", () => {
  it("closes at 8:25 am Central the morning after the prices' date, in CST and CDT", () => {
    expect(centralInstant("2026-11-21", 8, 25).toISOString()).toBe("2026-11-21T14:25:00.000Z");
    expect(centralInstant("2026-07-02", 8, 25).toISOString()).toBe("2026-07-02T13:25:00.000Z");
    const w = salesWindow("2026-11-20", new Date("2026-11-21T12:25:00Z"));
    expect(w.open).toBe(true);
    expect(w.msUntilCutoff).toBe(2 * 3_600_000);
  });
  it("is open from the sales date (Central) until the cutoff, for the book", () => {
    expect(isInSalesWindow("2026-11-20", new Date("2026-11-20T21:30:00Z"))).toBe(true); // 3:30 pm CST
    expect(isInSalesWindow("2026-11-20", new Date("2026-11-21T14:24:59Z"))).toBe(true);
    expect(isInSalesWindow("2026-11-20", new Date("2026-11-21T14:25:00Z"))).toBe(false);
    expect(isInSalesWindow("2026-11-20", new Date("2026-11-20T05:59:00Z"))).toBe(false); // 11:59 pm the day before
  });
  it("is closed after the cutoff", () => {
    const w = salesWindow("2026-11-20", new Date("2026-11-21T14:26:00Z"));
    expect(w.open).toBe(false);
    expect(w.msUntilCutoff).toBe(0);
  });
});

describe("stale prices", () => {
  it("takes the last Monday to Friday in Central time as the last trading day", () => {
    expect(lastTradingDay(new Date("2026-11-20T18:00:00Z"))).toBe("2026-11-20"); // Friday
    expect(lastTradingDay(new Date("2026-11-22T18:00:00Z"))).toBe("2026-11-20"); // Sunday
    expect(lastTradingDay(new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-23"); // Monday evening CST
  });
  it("marks a snapshot older than the last trading day", () => {
    expect(isSnapshotStale("2026-11-19", new Date("2026-11-20T18:00:00Z"))).toBe(true);
    expect(isSnapshotStale("2026-11-20", new Date("2026-11-22T18:00:00Z"))).toBe(false);
  });
});
