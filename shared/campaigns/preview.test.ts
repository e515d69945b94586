import { describe, expect, it } from "vitest";
import { defaultLrpCampaignQuote } from "../documents/campaign";
import { generateSampleSnapshot } from "../market/sample/generate";
import { campaignPreview } from "./preview";
import { priceCampaignQuote } from "./price";
import { sampleShortLink } from "./quote-link";
import { renderEmail, renderSms, smsSegments } from "./render";

// The form's preview is the server's message for the same quote and snapshot: same figures, same
// e-mail, same SMS (the pricing worker runs this function: worker/campaign-preview.test.ts).

const snapshot = generateSampleSnapshot("2026-11-23");
const previewInput = {
  quote: { ...defaultLrpCampaignQuote(), endorsementLengthsWeeks: [13, 26] },
  campaignName: "Morning LRP",
  org: { name: "Prairie Insurance", primaryColor: "#2b6cb0", addressLine1: "1 Main St", city: "Ames" },
  recipientName: "Producer",
  quoteUrl: "https://app.test/lrp-quote",
  unsubscribeUrl: "https://app.test/unsubscribe/campaign/k1/…",
};

describe("campaign preview", () => {
  it("is the e-mail and SMS the sender renders for the same quote and snapshot", () => {
    const preview = campaignPreview(previewInput, snapshot);
    const item = {
      campaignName: previewInput.campaignName,
      priced: priceCampaignQuote(previewInput.quote, snapshot),
      quoteUrl: previewInput.quoteUrl,
      unsubscribeUrl: previewInput.unsubscribeUrl,
    };
    expect(preview.email).toEqual(renderEmail(previewInput.org, "Producer", [item]));
    expect(preview.sms).toBe(
      renderSms(previewInput.org.name, item, sampleShortLink(new URL(previewInput.quoteUrl).origin)),
    );
    expect(preview.smsSegments).toBe(smsSegments(preview.sms));
    expect(preview.asOf).toBe("2026-11-23");
  });
});
