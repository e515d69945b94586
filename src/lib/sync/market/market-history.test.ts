import { describe, expect, it } from "vitest";
import type { MarketSnapshot } from "../../../../shared/market";
import { rotate, snapshotOf } from "./market-history";

const snapshot = (asOf: string): MarketSnapshot => ({
  label: "sample market data",
  source: "sample",
  asOf,
  riskFreeRate: 0.04,
  futures: [],
  lrpRates: [],
  lrpActualEndingValues: [],
  lgm: [],
});

describe("market history on the device", () => {
  it("keeps the first snapshot it sees, with no previous one", () => {
    const current = snapshot("2026-11-19");
    expect(rotate(null, current, null)).toEqual({ lastSeen: current, previous: null });
  });

  it("makes the snapshot seen before the previous one when a newer one arrives", () => {
    const older = snapshot("2026-11-19");
    const newer = snapshot("2026-11-20");
    expect(rotate(older, newer, null)).toEqual({ lastSeen: newer, previous: older });
  });

  it("changes nothing for the same date, and ignores an older snapshot", () => {
    const seen = snapshot("2026-11-20");
    const kept = snapshot("2026-11-18");
    expect(rotate(seen, snapshot("2026-11-20"), kept).previous).toBe(kept);
    expect(rotate(seen, snapshot("2026-11-19"), kept)).toEqual({ lastSeen: seen, previous: kept });
  });

  it("reads a full snapshot from the document section and refuses a partial one", () => {
    expect(snapshotOf(snapshot("2026-11-20"))?.asOf).toBe("2026-11-20");
    expect(snapshotOf({ asOf: "2026-11-20", label: "x" })).toBeNull();
    expect(snapshotOf(undefined)).toBeNull();
  });
});
