import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../shared/market";
import { createPricingApi } from "./api";

// docs/first-visit.md: a first LRP quote prices from the snapshot's LRP part (`lgm` empty, ~10 KB in brotli instead
// of ~66 KB); what needs LGM's data waits for the whole snapshot instead of failing on the empty part.

const snapshot = generateSampleSnapshot("2026-11-20");
const lrpPart = { ...snapshot, lgm: [] };
const lrpInput = {
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 1,
  head: 120,
  targetWeightCwt: 8,
  cropYear: 2026,
  salesDate: "2026-11-20",
};
const lgmInput = {
  commodity: "0803",
  type: "807",
  salesDate: "2026-11-20",
  targetMarketings: [0, 0, 0, 0, 60, 60, 0, 0, 0, 0, 0],
  deductible: 30,
  cropYear: 2026,
  seed: 3,
};

describe("pricing worker with the LRP part of the snapshot", () => {
  it("quotes LRP at once; an LGM quote asked meanwhile is answered from the whole snapshot once set", async () => {
    const api = createPricingApi();
    await api.setMarket(lrpPart, { part: "lrp" });
    const lrp = await api.quoteLrp(lrpInput);
    const lgm = api.quoteLgm(lgmInput);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api.setMarket(snapshot);
    const reference = await createPricingApi(snapshot).quoteLgm(lgmInput);
    expect({ lrp: lrp.ok, lgm: await lgm }).toEqual({ lrp: true, lgm: reference });
  });

  it("fails what needs LGM's data with the reason when the whole snapshot cannot be loaded", async () => {
    const api = createPricingApi();
    await api.setMarket(lrpPart, { part: "lrp" });
    const waiting = api.snapshot();
    await api.wholeMarketMissing("Market prices could not be loaded (offline)");
    expect([await waiting, await api.quoteLgm(lgmInput)]).toEqual([
      ...Array(2).fill({
        ok: false,
        error: {
          code: "stale-market-data",
          message: "Market prices could not be loaded (offline)",
          path: [],
        },
      }),
    ]);
  });

  it("answers RMA's actual ending values from the LRP part, without waiting for the whole snapshot", async () => {
    const api = createPricingApi();
    await api.setMarket(lrpPart, { part: "lrp" });
    expect(snapshot.lrpActualEndingValues.length).toBeGreaterThan(0);
    expect(await api.lrpEndingValues()).toEqual({ ok: true, value: snapshot.lrpActualEndingValues });
  });
});
