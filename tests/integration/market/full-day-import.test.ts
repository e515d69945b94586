import { describe, expect, it } from "vitest";
import { importMarketFiles } from "../../../shared/market/importers/snapshot-builder";
import { fullDayLgm, fullDayLrp } from "./full-day";

// A full-size day of real-format files imports whole (docs/market-data.md). How long it takes and how much
// memory it needs is `npm run bench:import`'s (goal ≤ 5 s), not a timed test's.

describe("a full-size day of RMA files", () => {
  it("imports every LRP row of a day for 50 states and 500 LGM draws per state and type", () => {
    const lrp = fullDayLrp();
    const lgm = fullDayLgm();
    const snapshot = importMarketFiles(
      {
        lrpRate: { text: lrp.text, file: "A00630_LrpRate.txt" },
        lgmGrossMargin: { text: lgm.margins, file: "A00600_LgmGrossMargin.txt" },
        lgmDraw: { text: lgm.draws, file: "A00610_LgmDraw.txt" },
      },
      { label: "full day", asOf: "2026-11-20" },
    );
    expect(snapshot.lrpRates).toHaveLength(lrp.offers);
    expect(snapshot.lgm).toHaveLength(2);
    expect(snapshot.lgm.every((s) => s.draws?.length === 500 && s.stateCode === undefined)).toBe(true);
  });
});
