import { describe, expect, it } from "vitest";
import { dayIn, formatDateTimeIn, orgZoneOf } from "./org-time";

describe("one clock: the organisation's zone (issue 28 §2)", () => {
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
