import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import { quoteLgm, quoteLrp } from "../../../shared/pricing";
import type { MarketSource } from "../../../sync-server/market/api";
import { PARTNER_ROUTES } from "../../../sync-server/partner/routes";
import type { Storage } from "../../../sync-server/storage/types";

// docs/market-data.md: a partner API quote is priced on its sales date's snapshot — the current one, or that day's
// from the market history — or refused (stale-market-data, a 422 problem) when the day is not held;
// a day without sales says so in the response (`noSales`), not only on a screen.

const today = generateSampleSnapshot("2026-11-23"); // Monday: the current snapshot
const friday = generateSampleSnapshot("2026-11-20"); // Cattle on Feed report day, kept in the history
const thursday = generateSampleSnapshot("2026-11-19");
const history = new Map<string, MarketSnapshot>([
  [friday.asOf, friday],
  [thursday.asOf, thursday],
]);
const market: MarketSource = {
  current: () => today,
  on: async (asOf) => history.get(asOf) ?? null,
};
const route = (path: string) => {
  const found = PARTNER_ROUTES.find((r) => r.path === path && r.method === "post");
  if (!found) throw new Error(`no route ${path}`);
  return (body: unknown) => found.handle({ orgId: "demo", body, storage: {} as Storage, market });
};
const lrp = {
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: 26,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 8,
  cropYear: 2027,
};

describe("partner API quotes on the sales date's prices", () => {
  it("prices salesDate 2026-11-19 on that day's snapshot from the history, not on today's", async () => {
    const answer = await route("/api/v1/quotes/lrp")({ ...lrp, salesDate: "2026-11-19" });
    expect(answer).toEqual(quoteLrp({ ...lrp, salesDate: "2026-11-19" }, thursday));
  });

  it("refuses a sales date the history does not hold, with stale-market-data", async () => {
    await expect(route("/api/v1/quotes/lrp")({ ...lrp, salesDate: "2026-11-18" })).rejects.toMatchObject({
      code: "stale-market-data",
      message: expect.stringContaining(
        "No prices of the sales date 2026-11-18 in the market snapshot of 2026-11-23",
      ),
    });
  });

  it("says in the response that a Cattle on Feed day has no sales", async () => {
    const answer = (await route("/api/v1/quotes/lrp/offers")({ ...lrp, salesDate: "2026-11-20" })) as {
      noSales?: unknown;
    };
    expect(answer.noSales).toEqual({
      date: "2026-11-20",
      reason: "USDA Cattle on Feed report day: no LRP sales",
    });
  });

  it("prices LGM on the sales date's snapshot too", async () => {
    const body = {
      commodity: "0815",
      type: "805",
      targetMarketings: [0, 100, 0, 0, 0, 0],
      deductible: 0,
      cropYear: 2027,
      salesDate: "2026-11-19",
      seed: 1,
    };
    expect(await route("/api/v1/quotes/lgm")(body)).toEqual(quoteLgm(body, thursday));
  });
});
