import { describe, expect, it } from "vitest";
import { createPricingApi } from "../../worker/api";
import { generateSampleSnapshot } from "../market/sample/generate";
import { campaignPreview } from "./preview";
import { priceCampaignQuote } from "./price";
import { renderEmail, renderSms } from "./render";

// The form's preview through the pricing worker's API is the server's message for the same quote and
// snapshot: same figures, same e-mail, same SMS.

const snapshot = generateSampleSnapshot("2026-11-23");
const input = {
  quote: {
    plan: "lrp" as const,
    commodity: "0801",
    type: "809",
    endorsementLengthsWeeks: [13, 26],
    head: 100,
    targetWeightCwt: 5.5,
    levelSelection: "TOP" as const,
  },
  campaignName: "Morning LRP",
  org: { name: "Prairie Insurance", primaryColor: "#2b6cb0", addressLine1: "1 Main St", city: "Ames" },
  recipientName: "Producer",
  quoteUrl: "https://app.test/lrp-quote",
  unsubscribeUrl: "https://app.test/unsubscribe/campaign/k1/…",
};

describe("campaign preview in the pricing worker", () => {
  it("is the e-mail and SMS the sender renders for the same quote and snapshot", async () => {
    const api = createPricingApi();
    expect(await api.campaignPreview(input)).toMatchObject({
      ok: false,
      error: { code: "stale-market-data" },
    });
    await api.setMarket(snapshot);
    const result = await api.campaignPreview(input);
    if (!result.ok) throw new Error(result.error.message);
    const item = {
      campaignName: input.campaignName,
      priced: priceCampaignQuote(input.quote, snapshot),
      quoteUrl: input.quoteUrl,
      unsubscribeUrl: input.unsubscribeUrl,
    };
    expect(result.value.email).toEqual(renderEmail(input.org, "Producer", [item]));
    expect(result.value.sms).toBe(renderSms(input.org.name, item, input.quoteUrl));
    expect(result.value.asOf).toBe("2026-11-23");
    expect(result.value.smsSegments).toBeGreaterThanOrEqual(1);
    expect(result.value).toEqual(campaignPreview(input, snapshot));
  });
  it("answers the engine's refusal as a result, not a throw", async () => {
    const api = createPricingApi(snapshot);
    const result = await api.campaignPreview({ ...input, quote: { ...input.quote, type: "999" } });
    expect(result.ok).toBe(false);
  });
});
