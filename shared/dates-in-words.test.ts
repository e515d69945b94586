import { describe, expect, it } from "vitest";
import { dateInWords, timeWithZone } from "./dates-in-words";

describe("[DATE1] dates people read", () => {
  it("a date is in words, never ISO", () => {
    expect(dateInWords("2026-12-01")).toBe("December 1, 2026");
    expect(dateInWords("2027-03-02")).toBe("March 2, 2027");
    expect(dateInWords("2027-03-02", true)).toBe("Mar 2, 2027");
  });
  it("a moment shows its zone: Central by default, whatever the device's zone", () => {
    expect(timeWithZone("2026-11-19T05:08:00Z")).toBe("Nov 18, 2026, 11:08 PM CST");
    expect(timeWithZone("2026-11-19T05:08:00Z", "America/Denver")).toBe("Nov 18, 2026, 10:08 PM MST");
    expect(timeWithZone("2026-07-01T17:00:00Z")).toBe("Jul 1, 2026, 12:00 PM CDT");
  });
});
