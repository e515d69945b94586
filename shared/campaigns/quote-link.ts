import { quoteScreenPath } from "../access/routes";
import type { CampaignQuote } from "../documents/campaign";

// The links a campaign message carries to its full quote (docs/campaigns.md). The e-mail links to the quote
// screen with the campaign's setup in the screen's own address fields; an SMS carries a short link `/q/{code}` on the same origin that redirects there
// (sync-server/campaigns/short-links.ts), so the text stays in fewer segments.

/** The path of a short link, before its code. */
export const SHORT_LINK_PATH = "/q/";
/** Letters and digits of a short link's code: 12 of 62 symbols, about 71 bits. */
export const SHORT_CODE_LENGTH = 12;
export const SHORT_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const isShortCode = (code: string): boolean => /^[A-Za-z0-9]{12}$/.test(code);

/**
 * The quote screen showing a campaign's quote, on `origin` (no trailing slash): the LRP or LGM quote
 * screen with its own address fields filled in from the setup (commodity, type; LRP head, weight and
 * the one endorsement length, or all when several; LGM marketings and deductible), and the campaign.
 */
export function quotePageUrl(origin: string, campaignId: string, quote: CampaignQuote): string {
  const fields: Record<string, string> = { commodity: quote.commodity, type: quote.type };
  if (quote.plan === "lrp") {
    const [only, ...more] = quote.endorsementLengthsWeeks;
    fields.head = String(quote.head);
    fields.weight = String(quote.targetWeightCwt);
    fields.weeks = only !== undefined && more.length === 0 ? String(only) : "all";
  } else {
    fields.m = quote.targetMarketings.join(",");
    fields.deductible = String(quote.deductible);
  }
  fields.campaign = campaignId;
  return `${origin}${quoteScreenPath(quote.plan, fields)}`;
}

/** A short link as the preview shows it: the real one's length, with a sample code. */
export const sampleShortLink = (origin: string): string =>
  `${origin}${SHORT_LINK_PATH}${"Q".repeat(SHORT_CODE_LENGTH)}`;
