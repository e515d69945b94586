import { describe, expect, it } from "vitest";
import { claimSourceLine } from "./source-line";

const actual = {
  value: "150.25",
  source: "rma-actual" as const,
  sourceText: "RMA actual ending value (A00620) for 2026-11-13",
  date: "2026-11-18",
  kind: "final" as const,
};

describe("[SAMPLE1] a claim's source", () => {
  it("on the generated sample market data says sample data, never RMA or A00620", () => {
    const line = claimSourceLine(actual, true);
    expect(line).toMatch(/^sample data/);
    expect(line).not.toMatch(/RMA actual|A00620|published by RMA/);
    expect(line).toContain("as of Nov 18, 2026");
  });
  it("on RMA's data names the file and the date in words", () => {
    expect(claimSourceLine(actual, false)).toBe(
      "RMA actual ending value (A00620) for Nov 13, 2026 (published by RMA, in the market data, as of Nov 18, 2026)",
    );
  });
  it("a value the agent typed is theirs, sample market or not", () => {
    expect(claimSourceLine({ ...actual, source: "entered", sourceText: "typed" }, true)).toContain(
      "typed by the agent",
    );
  });
});
