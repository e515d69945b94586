import { describe, expect, it } from "vitest";
import { isStale, lastTradingDay } from "./trading-day";

// November 2026: Friday the 20th, Saturday 21st, Monday 23rd. Central time is UTC-6 in November.
describe("lastTradingDay", () => {
  it("is today from 3:30 pm Central on a weekday", () => {
    expect(lastTradingDay(Date.parse("2026-11-20T21:30:00Z"))).toBe("2026-11-20");
  });
  it("is the weekday before until 3:30 pm Central", () => {
    expect(lastTradingDay(Date.parse("2026-11-20T21:29:00Z"))).toBe("2026-11-19");
    expect(lastTradingDay(Date.parse("2026-11-20T05:00:00Z"))).toBe("2026-11-19");
  });
  it("skips the weekend back to Friday", () => {
    expect(lastTradingDay(Date.parse("2026-11-21T18:00:00Z"))).toBe("2026-11-20");
    expect(lastTradingDay(Date.parse("2026-11-23T14:00:00Z"))).toBe("2026-11-20");
  });
  it("reads the date in Central time, not UTC", () => {
    // 02:00 UTC Tuesday is 8 pm Monday in Chicago: Monday's data is out.
    expect(lastTradingDay(Date.parse("2026-11-24T02:00:00Z"))).toBe("2026-11-23");
  });
});

describe("isStale", () => {
  it("marks a snapshot older than the last trading day", () => {
    const saturday = Date.parse("2026-11-21T18:00:00Z");
    expect(isStale("2026-11-20", saturday)).toBe(false);
    expect(isStale("2026-11-19", saturday)).toBe(true);
  });
});
