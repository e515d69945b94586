import { describe, expect, it } from "vitest";
import { campaignPreview } from "../shared/campaigns/preview";
import { defaultLrpCampaignQuote } from "../shared/documents/campaign";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { createPricingApi } from "./api";

// The campaign form's preview through the pricing worker's API (docs/campaigns.md): loaded on first use, priced
// on the loaded snapshot, the same result as the shared function; a refusal comes back as a result.

const snapshot = generateSampleSnapshot("2026-11-23");
const input = {
  quote: { ...defaultLrpCampaignQuote(), endorsementLengthsWeeks: [13, 26] },
  campaignName: "Morning LRP",
  org: { name: "Prairie Insurance", primaryColor: "#2b6cb0" },
  recipientName: "Producer",
  quoteUrl: "https://app.test/lrp-quote",
  unsubscribeUrl: "https://app.test/unsubscribe/campaign/k1/…",
};

describe("pricing worker: campaign preview", () => {
  it("needs a market, then answers the shared preview of the loaded snapshot", async () => {
    const api = createPricingApi();
    expect(await api.campaignPreview(input)).toMatchObject({
      ok: false,
      error: { code: "stale-market-data" },
    });
    await api.setMarket(snapshot);
    expect(await api.campaignPreview(input)).toEqual({ ok: true, value: campaignPreview(input, snapshot) });
  });
  it("answers the engine's refusal as a result, not a throw", async () => {
    const api = createPricingApi(snapshot);
    const result = await api.campaignPreview({ ...input, quote: { ...input.quote, type: "999" } });
    expect(result.ok).toBe(false);
  });
});
