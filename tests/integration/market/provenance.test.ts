import { describe, expect, it } from "vitest";
import { FIXTURE_FILES } from "../../../shared/market/fixtures";
import { importMarketFiles } from "../../../shared/market/importers/snapshot-builder";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { createPricingApi } from "../../../worker/api";

// The line the quote screens show next to "Prices as of": where each part of the snapshot came from.

describe("a snapshot's sources on the screen", () => {
  it("reach the page through the worker as one line; the sample data has none", async () => {
    const snapshot = {
      ...importMarketFiles(FIXTURE_FILES, { label: "RMA livestock data" }),
      sources: [
        { part: "lrpRates", name: "RMA A00630_LrpRate", date: "2026-11-20", url: "https://x.test/a.zip" },
        { part: "lgm", name: "RMA A00600_LgmGrossMargin", date: "2026-11-19" },
        { part: "lgm", name: "RMA A00610_LgmDraw", date: "2026-11-19" },
        { part: "futures", name: "futures settlements", date: "2026-11-20" },
      ],
    };
    expect(await createPricingApi().setMarket(snapshot)).toEqual({
      ok: true,
      value: {
        label: "RMA livestock data",
        source: "rma",
        asOf: "2026-11-20",
        sourceLine:
          "RMA A00630_LrpRate, futures settlements 2026-11-20 · RMA A00600_LgmGrossMargin, A00610_LgmDraw 2026-11-19",
      },
    });
    const sample = await createPricingApi().setMarket(generateSampleSnapshot("2026-11-20"));
    expect(sample.ok && "sourceLine" in sample.value).toBe(false);
  });

  it("are checked like the rest of the snapshot", async () => {
    const bad = { ...generateSampleSnapshot("2026-11-20"), sources: [{ part: "weather", name: "x" }] };
    const result = await createPricingApi().setMarket(bad);
    expect(result.ok).toBe(false);
  });
});
