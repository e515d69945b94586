import { describe, expect, it } from "vitest";
import { dateInWords } from "./dates-in-words";

describe("[DATE1] dates people read", () => {
  it("a date is in words, never ISO", () => {
    expect(dateInWords("2026-12-01")).toBe("December 1, 2026");
    expect(dateInWords("2027-03-02")).toBe("March 2, 2027");
    expect(dateInWords("2027-03-02", true)).toBe("Mar 2, 2027");
  });
});
