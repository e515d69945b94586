import { describe, expect, it } from "vitest";
import { contrastRatio, SERIES_COLOURS } from "./colours";

describe("chart and figure colours of the quote screens", () => {
  it("computes WCAG contrast", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
  });
  for (const [name, colour] of Object.entries(SERIES_COLOURS))
    it(`${name} (${colour}) has at least 4.5:1 on white`, () => {
      expect(contrastRatio(colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    });
});
