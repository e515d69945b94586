import { describe, expect, it } from "vitest";
import { generateSampleSnapshot } from "../market/sample/generate";
import { quoteLrp } from "../pricing";
import { priceCampaignQuote } from "./price";
import { dollars, renderEmail, renderSms, smsSegments } from "./render";

const snapshot = generateSampleSnapshot("2026-11-20");
const org = {
  name: "Prairie & Co Insurance",
  primaryColor: "#2b6cb0",
  senderEmail: "quotes@prairie.test",
  addressLine1: "1 Main St",
  city: "Ames",
  state: "IA",
  zip: "50010",
};
const lrp = {
  plan: "lrp" as const,
  commodity: "0801",
  type: "809",
  endorsementLengthsWeeks: [13, 26],
  head: 100,
  targetWeightCwt: 5.5,
  levelSelection: "TOP" as const,
};

describe("campaign pricing and rendering", () => {
  it("TOP gives each length's highest level, priced as the shared engine prices that offer", () => {
    const priced = priceCampaignQuote(lrp, snapshot);
    if (priced.plan !== "lrp") throw new Error("expected LRP");
    expect(priced.rows.map((r) => r.endorsementLengthWeeks)).toEqual([13, 26]);
    const r13 = priced.rows[0];
    const direct = quoteLrp(
      {
        commodity: "0801",
        type: "809",
        endorsementLengthWeeks: 13,
        coverageLevel: r13.coverageLevel,
        head: 100,
        targetWeightCwt: 5.5,
        cropYear: 2027,
        salesDate: "2026-11-20",
      },
      snapshot,
    );
    expect(r13.producerPremiumPerHead).toBe(direct.producerPremiumPerHead);
    const levels13 = snapshot.lrpRates
      .filter((r) => r.commodityCode === "0801" && r.typeCode === "809" && r.endorsementLengthWeeks === 13)
      .map((r) => r.coverageLevel);
    expect(r13.coverageLevel).toBe(Math.max(...levels13));
    const all = priceCampaignQuote({ ...lrp, levelSelection: "ALL" }, snapshot);
    expect(all.plan === "lrp" && all.rows.length).toBeGreaterThan(2);
  });

  it("the e-mail carries the org, its address, the figures and a visible unsubscribe link; HTML is escaped", () => {
    const priced = priceCampaignQuote(lrp, snapshot);
    const mail = renderEmail(org, "Dana <Smith>", [
      {
        campaignName: "Morning LRP",
        priced,
        quoteUrl: "https://x.test/q",
        unsubscribeUrl: "https://x.test/u?s=1&t=2",
      },
    ]);
    expect(mail.subject).toBe(
      "Prairie & Co Insurance: LRP Steers Weight 1 quote for November 20, 2026".replace(
        "LRP Steers Weight 1",
        priced.title,
      ),
    );
    expect(mail.html).toContain("Prairie &amp; Co Insurance");
    expect(mail.html).toContain("Dana &lt;Smith&gt;");
    expect(mail.html).toContain("1 Main St, Ames, IA 50010");
    expect(mail.html).toContain('href="https://x.test/u?s=1&amp;t=2"');
    expect(mail.html).toContain("#2b6cb0");
    expect(mail.text).toContain("https://x.test/u?s=1&t=2");
    if (priced.plan === "lrp") expect(mail.text).toContain(dollars(priced.rows[0].producerPremiumPerHead));
  });

  it("[CAMP1][DATE1] the e-mail shows the agency's logo and colour (the app's, not a product green, when unset) and dates in words", () => {
    const priced = priceCampaignQuote(lrp, snapshot);
    const item = {
      campaignName: "M",
      priced,
      quoteUrl: "https://x.test/q",
      unsubscribeUrl: "https://x.test/u",
    };
    const logoUrl = "https://app.test/api/orgs/demo/assets/fullLogo/0123456789abcdef";
    const mail = renderEmail({ ...org, primaryColor: "", logoUrl }, "Dana", [item]);
    expect(mail.html).toContain(`<img src="${logoUrl}"`);
    expect(mail.html).toContain("#AC141C");
    expect(mail.html).not.toContain("#1f5130");
    expect(mail.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(mail.text).toContain("prices of November 20, 2026");
    // An address that is not http(s) is never put in the e-mail.
    expect(renderEmail({ ...org, logoUrl: "javascript:alert(1)" }, "Dana", [item]).html).not.toContain(
      "<img",
    );
  });

  it("a combined e-mail lists each campaign with its own unsubscribe link", () => {
    const a = priceCampaignQuote(lrp, snapshot);
    const b = priceCampaignQuote({ ...lrp, endorsementLengthsWeeks: [52] }, snapshot);
    const mail = renderEmail(org, "Dana", [
      { campaignName: "A", priced: a, quoteUrl: "https://x.test/a", unsubscribeUrl: "https://x.test/ua" },
      { campaignName: "B", priced: b, quoteUrl: "https://x.test/b", unsubscribeUrl: "https://x.test/ub" },
    ]);
    expect(mail.subject).toBe("Prairie & Co Insurance: your 2 quotes for November 20, 2026");
    expect(mail.text).toContain("https://x.test/ua");
    expect(mail.text).toContain("https://x.test/ub");
  });

  it("the SMS fits in at most two segments with the link and STOP", () => {
    const priced = priceCampaignQuote({ ...lrp, levelSelection: "ALL" }, snapshot);
    const sms = renderSms(org.name, { priced }, "https://x.test/s/abc123");
    expect(smsSegments(sms)).toBeLessThanOrEqual(2);
    expect(sms).toContain("https://x.test/s/abc123");
    expect(sms).toContain("Reply STOP to opt out");
    expect(sms).toContain("+more");
  });

  it("counts segments: GSM-7 160/153, UCS-2 70/67", () => {
    expect(smsSegments("a".repeat(160))).toBe(1);
    expect(smsSegments("a".repeat(161))).toBe(2);
    expect(smsSegments("€".repeat(80))).toBe(1);
    expect(smsSegments("é".repeat(160))).toBe(1);
    expect(smsSegments("ł".repeat(70))).toBe(1);
    expect(smsSegments("ł".repeat(71))).toBe(2);
  });

  it("dollars are exact with thousands separators", () => {
    expect(dollars(1234.5)).toBe("$1,234.50");
    expect(dollars("0.005")).toBe("$0.01");
    expect(dollars(-12)).toBe("-$12.00");
  });
});
