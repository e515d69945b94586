import { randomInt } from "node:crypto";
import type { Hono } from "hono";
import {
  isShortCode,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  SHORT_LINK_PATH,
} from "../../shared/campaigns/quote-link";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";

// Short links for campaign texts (docs/campaigns.md): `/q/{code}` on the server's public origin redirects
// (302) to the full quote page of that campaign's quote. Codes are 12 random letters and digits
// (node:crypto, about 71 bits: not guessable, not derived from any id), stored in campaign_short_links
// (SQLite or PostgreSQL) and valid for SHORT_LINK_TTL_MS — the run's prices are a day's, and a producer
// may open a text days later (the page then shows that day's prices). An unknown or expired code answers
// a 404 page that says so. Expired rows are deleted by the scheduler.

/** How long a short link works: 14 days. */
export const SHORT_LINK_TTL_MS = 14 * 86_400_000;

const drawCode = (): string =>
  Array.from(
    { length: SHORT_CODE_LENGTH },
    () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)],
  ).join("");

/** Stores a new short link to `target` and returns its full URL on `baseUrl` (no trailing slash). */
export async function createShortLink(
  storage: Storage,
  link: { orgId: string; campaignId: string; customerId: string; target: string },
  baseUrl: string,
  now: number,
  ttlMs = SHORT_LINK_TTL_MS,
): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const code = drawCode();
    if (await storage.campaigns.putShortLink({ ...link, code, createdAt: now, expiresAt: now + ttlMs }))
      return `${baseUrl}${SHORT_LINK_PATH}${code}`;
  }
  throw new Error("could not draw a free short-link code");
}

const notFoundPage = (why: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not found</title></head>
<body><main><h1>This quote link does not work</h1>
<p>${why}</p>
<p>Quote links in texts work for 14 days. Your agency's next text has a new one, or ask your agent for today's quote.</p>
</main></body></html>`;

export function mountShortLinks(app: Hono, options: { storage: Storage; now?: () => number }): void {
  const now = options.now ?? nowMs;
  app.get(`${SHORT_LINK_PATH}:code`, async (c) => {
    const code = c.req.param("code");
    const link = isShortCode(code) ? await options.storage.campaigns.shortLink(code) : undefined;
    const headers = { "cache-control": "no-store", "referrer-policy": "no-referrer" };
    if (!link) return c.html(notFoundPage("There is no quote link with this address."), 404, headers);
    if (link.expiresAt <= now()) return c.html(notFoundPage("This quote link has expired."), 404, headers);
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    return c.redirect(link.target, 302);
  });
}
