import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../market";
import { actualHistoryDays, holdsActual } from "./actual-history";

describe("actualHistoryDays", () => {
  it("lists the weekdays after the end date, nearest first, never after today", () => {
    expect(actualHistoryDays("2026-10-07", "2026-10-13")).toEqual([
      "2026-10-08",
      "2026-10-09",
      "2026-10-12",
      "2026-10-13",
    ]);
    expect(actualHistoryDays("2026-11-18", "2026-11-18")).toEqual([]);
    expect(actualHistoryDays("2026-06-01", "2026-11-18")).toHaveLength(15);
  });
  it("finds the value in the snapshot of a day after the end date", () => {
    const cover = { commodity: "0801", type: "810", endDate: "2026-10-07" };
    expect(holdsActual(generateSampleSnapshot("2026-10-14"), cover)).toBe(true);
    expect(holdsActual(generateSampleSnapshot("2026-11-18"), cover)).toBe(false);
    expect(holdsActual(null, cover)).toBe(false);
  });
});
