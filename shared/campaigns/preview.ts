import type { CampaignQuote } from "../documents/campaign";
import type { MarketSnapshot } from "../market/snapshot";
import { priceCampaignQuote } from "./price";
import { sampleShortLink } from "./quote-link";
import { type RenderedEmail, type RenderOrg, renderEmail, renderSms, smsSegments } from "./render";

// The campaign form's live preview (docs/campaigns.md): the e-mail and the SMS a recipient would get today,
// priced with the shared engine on one snapshot and rendered by the functions the server sends with.
// The pricing worker runs it (worker/api.ts loads this module on first use, so the quote screens never
// carry it); it takes plain data and returns plain data.

export interface CampaignPreviewInput {
  quote: CampaignQuote;
  campaignName: string;
  org: RenderOrg;
  recipientName: string;
  quoteUrl: string;
  unsubscribeUrl: string;
}

export interface CampaignPreview {
  asOf: string;
  email: RenderedEmail;
  sms: string;
  smsSegments: number;
}

export function campaignPreview(input: CampaignPreviewInput, snapshot: MarketSnapshot): CampaignPreview {
  const priced = priceCampaignQuote(input.quote, snapshot);
  const item = {
    campaignName: input.campaignName,
    priced,
    quoteUrl: input.quoteUrl,
    unsubscribeUrl: input.unsubscribeUrl,
  };
  // The text carries a short link (sync-server/campaigns/short-links.ts): shown with a sample code.
  const sms = renderSms(input.org.name, item, sampleShortLink(new URL(input.quoteUrl).origin));
  return {
    asOf: snapshot.asOf,
    email: renderEmail(input.org, input.recipientName, [item]),
    sms,
    smsSegments: smsSegments(sms),
  };
}
