import { describe, expect, it } from "vitest";
import { spliceBetween } from "./text-splice";

const apply = (before: string, s: ReturnType<typeof spliceBetween>) =>
  s ? before.slice(0, s.index) + s.insert + before.slice(s.index + s.remove) : before;

describe("spliceBetween", () => {
  it("is null when nothing changed", () => {
    expect(spliceBetween("Dale", "Dale", 4)).toBeNull();
  });

  it("places an ambiguous insert by the caret", () => {
    // "hello" → "helllo": typed after "he" + "l" (caret 4) means at 3, typed at the end of "hell" means 4.
    expect(spliceBetween("hello", "helllo", 4)).toEqual({ index: 3, remove: 0, insert: "l" });
    expect(spliceBetween("hello", "helllo", 5)).toEqual({ index: 4, remove: 0, insert: "l" });
    expect(spliceBetween("aaa", "aaaa", 1)).toEqual({ index: 0, remove: 0, insert: "a" });
  });

  it("keeps a typed space (what is stored is what was typed)", () => {
    expect(spliceBetween("Dale", "Dale ", 5)).toEqual({ index: 4, remove: 0, insert: " " });
  });

  it("places an ambiguous delete by the caret", () => {
    expect(spliceBetween("hello", "helo", 2)).toEqual({ index: 2, remove: 1, insert: "" });
    expect(spliceBetween("hello", "helo", 3)).toEqual({ index: 3, remove: 1, insert: "" });
  });

  it("finds a replacement of a selection (a paste)", () => {
    expect(spliceBetween("77 Elm St", "77 Oak St", 6)).toEqual({ index: 3, remove: 3, insert: "Oak" });
    expect(spliceBetween("abc", "xyz", 3)).toEqual({ index: 0, remove: 3, insert: "xyz" });
  });

  it("without a caret puts an ambiguous edit as late as it can", () => {
    expect(spliceBetween("hello", "helllo", null)).toEqual({ index: 4, remove: 0, insert: "l" });
  });

  it("never splits a surrogate pair", () => {
    const cow = "\u{1F404}";
    const ox = "\u{1F402}";
    const s = spliceBetween(cow, ox, 2);
    expect(s).toEqual({ index: 0, remove: 2, insert: ox });
  });

  it("always turns before into after, wherever the caret says", () => {
    const cases: [string, string][] = [
      ["", "a"],
      ["a", ""],
      ["abab", "ab"],
      ["ab", "abab"],
      ["Kinsley", "Kinsey"],
      ["aXa", "aa"],
    ];
    for (const [before, after] of cases)
      for (let caret = 0; caret <= after.length; caret++)
        expect(apply(before, spliceBetween(before, after, caret))).toBe(after);
  });
});
