import { describe, expect, it } from "vitest";
import { dayIn, formatDateTimeIn, orgZoneOf, todayLine } from "./org-time";

describe("one clock: the organisation's zone (docs/first-day.md)", () => {
  it("puts an instant on the organisation's day, not UTC's", () => {
    // 03:30 UTC on Nov 27 is still the evening of Nov 26 in Chicago.
    expect(dayIn("2026-11-27T03:30:00Z", "America/Chicago")).toBe("2026-11-26");
  });

  it("names the zone with the time", () => {
    expect(formatDateTimeIn("2026-11-27T13:00:00Z", "America/Chicago")).toBe(
      "Nov 27, 2026, 7:00 AM Central time",
    );
  });

  it("uses Central when the organisation set no zone", () => {
    expect(orgZoneOf({ timezone: null })).toBe("America/Chicago");
    expect(orgZoneOf({ timezone: "America/Denver" })).toBe("America/Denver");
  });
});

describe("the hub's today line (docs/first-day.md)", () => {
  // 05:30 UTC on Nov 27: past midnight in New York, still Nov 26 in Chicago.
  const now = new Date("2026-11-27T05:30:00Z");

  it("is the organisation's day with its zone named, and RMA's Central day beside it when they differ", () => {
    expect(todayLine(now, "America/New_York")).toBe(
      "Today is Nov 27, 2026 (Eastern time); RMA's sales, end and premium dates count in Central time, where it is Nov 26, 2026.",
    );
  });

  it("names Central time once for an organisation in Central time", () => {
    expect(todayLine(now, "America/Chicago")).toBe("Today is Nov 26, 2026 (Central time).");
  });
});
