import { describe, expect, it } from "vitest";
import { offeredAtOrBelow } from "./level-rule";

// RMA's levels are continuous (0.757–0.9995): a requested level picks the nearest offered one at or below.
describe("LRP level rule", () => {
  const rows = [0.9012, 0.9612, 0.9489, 0.757].map((coverageLevel) => ({ coverageLevel }));

  it("takes the nearest offered level at or below the requested one", () => {
    expect(offeredAtOrBelow(rows, 0.95)?.coverageLevel).toBe(0.9489);
  });

  it("finds nothing below the lowest offered level", () => {
    expect(offeredAtOrBelow(rows, 0.75)).toBeUndefined();
  });

  it("treats a level equal to 4 decimals as the same level", () => {
    expect(offeredAtOrBelow(rows, 0.94889999)?.coverageLevel).toBe(0.9489);
  });
});
