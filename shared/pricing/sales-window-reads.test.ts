import { afterEach, describe, expect, it, vi } from "vitest";
import { centralDateOf } from "./sales-window";

// PERF41: an import asks for the Central date of the same `now` twice a row; the instant is read by Intl once.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("[PERF41] the Central date of one instant is read once", () => {
  it("a thousand asks for the same instant format it once; another instant is read anew", () => {
    const format = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    const now = new Date("2026-11-27T05:30:00Z");
    const dates = Array.from({ length: 1000 }, () => centralDateOf(new Date(now.getTime())));
    expect(new Set(dates)).toEqual(new Set(["2026-11-26"]));
    expect(format).toHaveBeenCalledTimes(1);
    expect(centralDateOf(new Date("2026-11-27T06:30:00Z"))).toBe("2026-11-27");
    expect(format).toHaveBeenCalledTimes(2);
  });
});
