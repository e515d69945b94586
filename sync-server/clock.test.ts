import { afterEach, describe, expect, it } from "vitest";
import { fixClockAt, now, nowMs, nowSeconds, useSystemClock } from "./clock";
import { readConfig } from "./config";

// The server's one clock (sync-server/clock.ts) and its setting, CLOCK_FIXED_AT (tests only).
describe("server clock", () => {
  afterEach(() => useSystemClock());

  it("is the system clock unless fixed", () => {
    const before = Date.now();
    const read = nowMs();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(Date.now());
  });

  it("fixed, starts at the instant and runs at the real pace from there", () => {
    const real = Date.now();
    fixClockAt("2026-11-18T18:00:00Z", real);
    const elapsed = Date.now() - real;
    const read = nowMs();
    expect(read - Date.parse("2026-11-18T18:00:00Z")).toBeGreaterThanOrEqual(elapsed);
    expect(read - Date.parse("2026-11-18T18:00:00Z")).toBeLessThanOrEqual(Date.now() - real);
    expect(now().toISOString().slice(0, 10)).toBe("2026-11-18");
    expect(nowSeconds()).toBe(Math.floor(nowMs() / 1000));
  });

  it("refuses an instant that is not a date", () => {
    expect(() => fixClockAt("next Tuesday")).toThrow('fixClockAt: "next Tuesday" is not a date and time');
  });
});

describe("CLOCK_FIXED_AT", () => {
  it("takes an ISO date and time with its zone", () => {
    expect(readConfig({ CLOCK_FIXED_AT: "2026-11-18T18:00:00Z" })).toMatchObject({
      CLOCK_FIXED_AT: "2026-11-18T18:00:00Z",
    });
    expect(readConfig({ CLOCK_FIXED_AT: "2026-11-18T12:00:00-06:00" })).toMatchObject({
      CLOCK_FIXED_AT: "2026-11-18T12:00:00-06:00",
    });
    expect(readConfig({ CLOCK_FIXED_AT: "" })).toMatchObject({ CLOCK_FIXED_AT: undefined });
  });

  it("says what is wrong with a date without a zone", () => {
    expect(readConfig({ CLOCK_FIXED_AT: "2026-11-18" })).toEqual({
      errors: ["CLOCK_FIXED_AT: must be an ISO 8601 date and time with its zone, e.g. 2026-11-18T18:00:00Z"],
    });
  });

  it("is refused in production, with the reason", () => {
    const result = readConfig({ NODE_ENV: "production", CLOCK_FIXED_AT: "2026-11-18T18:00:00Z" });
    expect("errors" in result && result.errors).toContain(
      "CLOCK_FIXED_AT: is for tests only: production reads the system clock (unset it)",
    );
  });
});
