import type { CampaignQuote } from "../documents/campaign";

// The links a campaign message carries to its full quote (issue 12 §3). The e-mail links to the quote
// page with the campaign's quote in the query (`campaign`, then each setup field: arrays joined by
// commas); an SMS carries a short link `/q/{code}` on the same origin that redirects there
// (sync-server/campaigns/short-links.ts), so the text stays in fewer segments.

/** The path of a short link, before its code. */
export const SHORT_LINK_PATH = "/q/";
/** Letters and digits of a short link's code: 12 of 62 symbols, about 71 bits. */
export const SHORT_CODE_LENGTH = 12;
export const SHORT_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const isShortCode = (code: string): boolean => /^[A-Za-z0-9]{12}$/.test(code);

/** The full quote page for a campaign's quote, on `origin` (no trailing slash). */
export function quotePageUrl(origin: string, campaignId: string, quote: CampaignQuote): string {
  const query = new URLSearchParams({ campaign: campaignId });
  for (const [key, value] of Object.entries(quote)) {
    if (key === "plan" || value === undefined || value === null) continue;
    query.set(
      key,
      Array.isArray(value) && value.every((v) => typeof v !== "object")
        ? value.join(",")
        : typeof value === "object"
          ? JSON.stringify(value)
          : String(value),
    );
  }
  return `${origin}/${quote.plan === "lrp" ? "lrp-quote" : "lgm-quote"}?${query}`;
}

/** A short link as the preview shows it: the real one's length, with a sample code. */
export const sampleShortLink = (origin: string): string =>
  `${origin}${SHORT_LINK_PATH}${"Q".repeat(SHORT_CODE_LENGTH)}`;
