import { describe, expect, it } from "vitest";
import { marketSnapshotSchema, SAMPLE_MARKET_LABEL } from "../snapshot";
import { generateSampleSnapshot } from "./generate";

describe("sample snapshot", () => {
  const a = generateSampleSnapshot("2026-11-20");

  it("is labelled sample market data, dated as asked, and valid", () => {
    expect([a.label, a.source, a.asOf]).toEqual([SAMPLE_MARKET_LABEL, "sample", "2026-11-20"]);
    expect(marketSnapshotSchema.safeParse(a).success).toBe(true);
  });
  it("is the same for the same date and moves from day to day", () => {
    expect(generateSampleSnapshot("2026-11-20")).toEqual(a);
    expect(generateSampleSnapshot("2026-11-23").futures[0].settle).not.toBe(a.futures[0].settle);
  });
  it("has realistic magnitudes for the six markets", () => {
    const front = (root: string) => a.futures.find((f) => f.root === root)?.settle ?? 0;
    expect(front("GF")).toBeGreaterThan(250);
    expect(front("GF")).toBeLessThan(400);
    expect(front("LE")).toBeGreaterThan(180);
    expect(front("HE")).toBeGreaterThan(60);
    expect(front("ZC")).toBeGreaterThan(3);
    expect(front("ZC")).toBeLessThan(7);
    expect(front("ZM")).toBeGreaterThan(250);
    expect(front("DL")).toBeGreaterThan(14);
  });
  it("offers every LRP commodity and the LGM types with default weights", () => {
    expect(new Set(a.lrpRates.map((r) => r.commodityCode))).toEqual(new Set(["0801", "0802", "0815"]));
    expect(a.lgm.map((s) => s.typeCode).sort()).toEqual(["804", "805", "806", "807", "808"]);
    expect(a.lgm.every((s) => s.draws?.length === 500)).toBe(true);
  });
});
