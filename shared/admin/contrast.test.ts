import { describe, expect, it } from "vitest";
import { contrastRatio, parseHexColour, WCAG_AA_NORMAL_TEXT } from "./contrast";

describe("WCAG contrast", () => {
  it("black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrastRatio("#000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#AC141C", "#ac141c")).toBeCloseTo(1, 5);
  });
  it("white on the default primary passes AA; white on yellow does not", () => {
    expect(contrastRatio("#ffffff", "#AC141C") as number).toBeGreaterThan(WCAG_AA_NORMAL_TEXT);
    expect(contrastRatio("#ffffff", "#FFD400") as number).toBeLessThan(WCAG_AA_NORMAL_TEXT);
    // #767676 on white is the classic AA edge (4.54:1).
    expect(contrastRatio("#767676", "#fff") as number).toBeCloseTo(4.54, 2);
  });
  it("reads 3, 6 and 8 digit hex; refuses anything else", () => {
    expect(parseHexColour("#abc")).toEqual([170, 187, 204]);
    expect(parseHexColour("#AABBCC80")).toEqual([170, 187, 204]);
    expect(parseHexColour("red")).toBeNull();
    expect(contrastRatio("red", "#fff")).toBeNull();
  });
});
