import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../shared/market";
import { createPricingApi } from "./api";

const snapshot = generateSampleSnapshot("2026-11-20");
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
  weights: { liveCattle: 12 },
};

describe("pricing worker API", () => {
  it("says there is no market until one is set, then quotes", async () => {
    const api = createPricingApi();
    expect(await api.quoteLrp(lrpInput)).toEqual({
      ok: false,
      error: { code: "stale-market-data", message: "No market data loaded", path: [] },
    });
    expect(await api.setMarket(snapshot)).toEqual({
      ok: true,
      value: { label: "sample market data", source: "sample", asOf: "2026-11-20" },
    });
    const quote = await api.quoteLrp(lrpInput, { all: true });
    expect(quote.ok && quote.value.offers && quote.value.offers.length > 50).toBe(true);
  });

  it("rejects a malformed snapshot", async () => {
    const result = await createPricingApi().setMarket({ ...snapshot, asOf: "yesterday" });
    expect(result).toEqual({
      ok: false,
      error: {
        code: "invalid-input",
        message: "market snapshot: asOf: expected a date YYYY-MM-DD",
        path: [],
      },
    });
  });

  it("refuses a malformed quote input with the schema's message (the zod-free check only accepts)", async () => {
    const api = createPricingApi(snapshot);
    expect(await api.quoteLrp({ ...lrpInput, head: 1.5 })).toEqual({
      ok: false,
      error: { code: "invalid-input", message: "head: expected a whole number of head", path: ["head"] },
    });
    expect(await api.quoteLrp({ ...lrpInput, coveragePrice: 150 })).toEqual({
      ok: false,
      error: {
        code: "invalid-input",
        message: "coverageLevel: give exactly one of coverageLevel and coveragePrice",
        path: ["coverageLevel"],
      },
    });
  });

  it("carries the engine's reason code and the spec's message across the boundary", async () => {
    const api = createPricingApi(snapshot);
    expect(await api.quoteLrp({ ...lrpInput, head: 12_001 })).toEqual({
      ok: false,
      error: { code: "head-limit", message: "Feeder Cattle max limit is 12,000", path: ["head"] },
    });
    expect(await api.quoteLgm({ ...lgmInput, type: "809" })).toMatchObject({
      ok: false,
      error: { code: "invalid-type", message: "Invalid type code 809 for commodity 0803" },
    });
  });

  it("answers a stale request `superseded` when a newer one on the same channel arrives", async () => {
    const api = createPricingApi(snapshot);
    const first = api.quoteLgm(lgmInput);
    const second = api.quoteLgm({ ...lgmInput, deductible: 40 });
    const other = api.quoteLgm(lgmInput, { channel: "watchlist" });
    const [a, b, c] = await Promise.all([first, second, other]);
    expect(a).toEqual({
      ok: false,
      error: { code: "superseded", message: "a newer request replaced this one", path: [] },
    });
    expect(b.ok && b.value.deductibleCurve[4].deductible).toBe(40);
    expect(c.ok).toBe(true);
  });

  it("runs scenarios and the breakeven calculator", async () => {
    const api = createPricingApi(snapshot);
    const quote = await api.quoteLrp(lrpInput);
    if (!quote.ok) throw new Error(quote.error.message);
    const scenarios = await api.lrpScenarios(
      { head: 120, targetWeightCwt: 8, priceAdjustmentFactor: 1, row: quote.value },
      { from: 250, to: 350, step: 10 },
    );
    expect(scenarios.ok && scenarios.value.length).toBe(11);
    const lgm = await api.lgmScenario(lgmInput, { feederCattle: { percent: 10 } });
    expect(lgm.ok && lgm.value.months.length).toBe(11);
    const be = await api.breakeven({ purchaseWeightCwt: 5, purchasePricePerCwt: 320, saleWeightCwt: 8 });
    expect(be).toEqual({
      ok: true,
      value: { costPerHead: 1600, breakevenPerHead: 1600, breakevenPerCwt: 200 },
    });
  });
});
