import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { priceCampaignQuote } from "../../../shared/campaigns/price";
import { quotePageUrl } from "../../../shared/campaigns/quote-link";
import { renderSms, smsSegments } from "../../../shared/campaigns/render";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { outboxSmsSender } from "../../../sync-server/campaigns/providers";
import { type RunInput, sendRun } from "../../../sync-server/campaigns/sender";
import { mountShortLinks, SHORT_LINK_TTL_MS } from "../../../sync-server/campaigns/short-links";
import { unsubscribeSigner } from "../../../sync-server/campaigns/unsubscribe-link";
import { outboxSender } from "../../../sync-server/outbound/email";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";

// Short links in campaign texts: the sender stores one per text and the text carries it; /q/{code}
// redirects to the full quote page of that campaign's quote; an unknown or expired code is a 404 page
// that says so. The text is fewer segments than with the full link.

const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-short-"));
const storage = new SqliteStorage(join(dir, "s.sqlite"));
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

const runAt = zonedInstant("2026-11-24", "09:00", "America/Chicago");
const snapshot = generateSampleSnapshot("2026-11-23");
const quote = { ...defaultLrpCampaignQuote(), endorsementLengthsWeeks: [13, 26, 39] };

const input: RunInput = {
  org: {
    id: "o1",
    name: "Prairie Insurance",
    primaryColor: "#2b6cb0",
    addressLine1: "1 Main St",
    timeZone: "America/Chicago",
    enableSMSCampaigns: true,
    enableCombinedQuoteCampaignsToSingleEmail: true,
  },
  runDate: "2026-11-24",
  runAt,
  snapshot,
  contacts: new Map([
    [
      "c1",
      { id: "c1", name: "Producer", mobilePhone: "+15155550100", smsConsent: { at: "2026-01-01T00:00:00Z" } },
    ],
  ]),
  campaigns: [
    {
      id: "k1",
      name: "Morning LRP",
      quote,
      recipients: [{ id: "c1", customerId: "c1", channels: ["sms"], status: "ACTIVE" }],
    },
  ],
};

describe("campaign short links", () => {
  let now = runAt + 60_000;
  const app = new Hono();
  mountShortLinks(app, { storage, now: () => now });

  it("the text carries /q/{code}, which redirects to the campaign's full quote page", async () => {
    const report = await sendRun(input, {
      storage,
      owner: "i1",
      email: outboxSender(storage),
      sms: outboxSmsSender(storage, "+15550000000"),
      signer: unsubscribeSigner(new Uint8Array(32).fill(1)),
      baseUrl: "https://app.test",
      now: () => now,
      sleep: async () => {},
    });
    expect(report.sent).toBe(1);
    const [text] = await storage.campaigns.listSmsOutbox(10);
    const match = /https:\/\/app\.test\/q\/([A-Za-z0-9]{12}) /.exec(text.body);
    expect(match, text.body).not.toBeNull();
    const code = (match as RegExpExecArray)[1];

    const full = quotePageUrl("https://app.test", "k1", quote);
    expect(full).toBe(
      `https://app.test/insurance/lrp-quote?commodity=${quote.commodity}&type=${quote.type}&head=100&weight=5.5&weeks=all&campaign=k1`,
    );
    const res = await app.request(`/q/${code}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(full);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // The short link is what saves segments: the full link is several times longer, so the same text
    // with it takes as many segments or more (and leaves room for no more of the quote's figures).
    const shortUrl = `https://app.test/q/${code}`;
    expect(text.body.match(/\d+wk /g)).toHaveLength(3);
    expect(smsSegments(text.body)).toBe(2);
    expect(full.length).toBeGreaterThan(2 * shortUrl.length);
    expect(smsSegments(text.body.replace(shortUrl, full))).toBeGreaterThanOrEqual(smsSegments(text.body));
    const withFull = renderSms("Prairie Insurance", { priced: priceCampaignQuote(quote, snapshot) }, full);
    expect((withFull.match(/\d+wk /g) ?? []).length).toBeLessThanOrEqual(3);

    // Expired after 14 days: a 404 page that says so.
    now += SHORT_LINK_TTL_MS;
    const expired = await app.request(`/q/${code}`);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain("This quote link has expired.");
  });

  it("an unknown or malformed code is a clear 404 page", async () => {
    for (const path of ["/q/AAAAAAAAAAAA", "/q/short", "/q/..%2F..%2Fetc"]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain("This quote link does not work");
      expect(html).toContain("There is no quote link with this address.");
    }
  });
});
