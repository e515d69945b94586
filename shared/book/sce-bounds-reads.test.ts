import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import type { MarketSnapshot } from "../market/snapshot";
import { money } from "../pricing/money";
import { lrpSceBoundsError } from "./sce-bounds";

// PERF41 (docs/book-import.md "Benchmark"): an import judges thousands of rows against one reference
// snapshot; its offers of a type and length are read once, not once per row (the per-row filter of every
// offer was 15 % of bench:book-import's 10,000-row plan). Counted by the reads of the snapshot's offers.

const reference = generateSampleSnapshot("2026-11-19");
const counted = () => {
  let reads = 0;
  const snapshot = new Proxy(reference, {
    get(target, key, receiver) {
      if (key === "lrpRates") reads++;
      return Reflect.get(target, key, receiver);
    },
  }) as MarketSnapshot;
  return { snapshot, reads: () => reads };
};
const row = (head: number, weeks = 13) => ({
  commodity: "0801",
  type: "809",
  endorsementLengthWeeks: weeks,
  salesDate: "2026-11-02",
  coverageLevel: money("0.95"),
  coveragePrice: money(String(300 + (head % 20))),
  rate: money("0.02"),
});

describe("[PERF41] SCE1's LRP bounds read a reference's offers once per type and length", () => {
  it("a thousand rows of one type and length read the offers once; another length once more", () => {
    const { snapshot, reads } = counted();
    const verdicts = Array.from({ length: 1000 }, (_, i) => lrpSceBoundsError(row(i), snapshot));
    expect(reads()).toBe(1);
    // The same verdicts as against the snapshot itself.
    expect(verdicts.map((v) => (v === null ? null : String(v)))).toEqual(
      Array.from({ length: 1000 }, (_, i) => {
        const v = lrpSceBoundsError(row(i), reference);
        return v === null ? null : String(v);
      }),
    );
    lrpSceBoundsError(row(1, 17), snapshot);
    lrpSceBoundsError(row(2, 17), snapshot);
    expect(reads()).toBe(2);
  });
});
