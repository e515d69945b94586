import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import { figureMarketFrom, nearestDay } from "./sce-reference";

// [SCE3] which held snapshot judges a sales date's figures: the day's own, else the nearest (server and device).

describe("[SCE3] the reference snapshot of a sales date", () => {
  it("is the nearest held day, the earlier of two as near", () => {
    expect(nearestDay("2026-05-12", ["2026-11-18", "2026-05-13", "2026-04-01"])).toBe("2026-05-13");
    expect(nearestDay("2026-05-12", ["2026-05-13", "2026-05-11"])).toBe("2026-05-11");
    expect(nearestDay("2026-05-12", ["2026-05-11", "2026-05-13"])).toBe("2026-05-11");
    expect(nearestDay("2026-05-12", [])).toBeNull();
  });

  it("is the day's own snapshot when it is held", () => {
    const may13 = generateSampleSnapshot("2026-05-13");
    const nov18 = generateSampleSnapshot("2026-11-18");
    expect(figureMarketFrom("2026-05-13", [nov18, may13])).toEqual({ day: may13, reference: may13 });
    expect(figureMarketFrom("2026-05-01", [nov18, null, may13])).toEqual({ day: null, reference: may13 });
    expect(figureMarketFrom("2026-05-01", [])).toEqual({ day: null, reference: null });
  });
});
