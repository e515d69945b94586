import { describe, expect, it } from "vitest";
import { priceCampaignQuote } from "../../shared/campaigns/price";
import { renderEmail, renderSms } from "../../shared/campaigns/render";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import { alertText, evaluateWatchlist } from "../alerts/evaluate";

// docs/market-data.md: a quote for a day without sales says so in every channel. 2026-11-20 is a USDA Cattle on
// Feed report day: no LRP cattle sales, though RMA's snapshot of the day exists.
const AS_OF = "2026-11-20";
const snapshot = generateSampleSnapshot(AS_OF);
const REASON = "USDA Cattle on Feed report day: no LRP sales";
const org = {
  name: "Prairie Co",
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
  endorsementLengthsWeeks: [13],
  head: 100,
  targetWeightCwt: 5.5,
  levelSelection: "TOP" as const,
};

describe("no sales on the quote's day: campaigns and alerts say so", () => {
  it("a campaign's priced quote carries noSales and its e-mail and SMS name it", () => {
    const priced = priceCampaignQuote(lrp, snapshot);
    const item = {
      campaignName: "c",
      priced,
      unsubscribeUrl: "https://x.test/u",
      quoteUrl: "https://x.test/q",
    };
    const email = renderEmail(org, "Sam", [item]);
    expect([
      priced.noSales,
      email.text.includes(`(no sales on November 20, 2026: ${REASON})`),
      renderSms(org.name, { priced }, "https://x.test/q/abc").includes("(no sales that day)"),
    ]).toEqual([{ date: AS_OF, reason: REASON }, true, true]);
  });

  it("a price alert met on that day carries noSales and its text says the prices cannot be bought", () => {
    const offer = snapshot.lrpRates.find(
      (r) => r.commodityCode === "0801" && r.typeCode === "810" && r.salesEffectiveDate === AS_OF,
    );
    const item = {
      name: "Steers",
      plan: "lrp",
      commodity: "0801",
      type: "810",
      endorsementLengthWeeks: offer?.endorsementLengthWeeks,
      coverageLevel: offer?.coverageLevel,
      head: 100,
      targetWeightCwt: 7.5,
      target: { kind: "premiumPerHead", value: "100000.00" },
    };
    const [hit] = evaluateWatchlist({ a: item }, snapshot).hits;
    expect(
      hit && alertText(hit).body.endsWith(`No sales on ${AS_OF} (${REASON}): these prices cannot be bought.`),
    ).toBe(true);
  });
});
