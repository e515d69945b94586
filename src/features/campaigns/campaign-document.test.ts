import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { Campaign } from "../../../shared/documents/campaign";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { applyTransaction, DocumentTransaction, readDocument } from "../../lib/sync/typed/typed-document";
import { campaignOf, writeCampaign } from "./campaign-document";
import { withoutStyleAttributes } from "./email-preview-frame";

// Saving a campaign offline writes its document on the device: through the typed document's checks
// (the same the server applies), keeping an unsubscribed recipient unsubscribed, replacing a quote
// whole when the plan changes, dropping removed recipients and a FIXED end date made ONGOING.

const campaign = (patch: Partial<Campaign> = {}): Campaign => ({
  campaign: {
    schemaVersion: 1,
    name: "Morning LRP",
    status: "ACTIVE",
    quote: defaultLrpCampaignQuote(),
  },
  schedule: {
    schemaVersion: 1,
    frequency: "WEEKLY",
    weekdays: [2],
    sendTime: "07:00",
    durationType: "FIXED",
    startDate: "2026-11-02",
    endDate: "2026-12-31",
  },
  recipients: {
    a: { id: "a", customerId: "a", channels: ["email"], status: "ACTIVE" },
    b: { id: "b", customerId: "b", channels: ["email", "sms"], status: "UNSUBSCRIBED", reason: "link" },
  },
  ...patch,
});

function save(doc: Y.Doc, edited: Campaign, today = "2026-11-24") {
  const before = campaignOf(readDocument("campaign", doc).data);
  const t = new DocumentTransaction("campaign");
  writeCampaign(t, before, edited, { today, userId: "agent-1", now: "2026-11-24T12:00:00.000Z" });
  applyTransaction(doc, t, "test");
  return campaignOf(readDocument("campaign", doc).data);
}

describe("a campaign saved into its document on the device", () => {
  it("writes a new campaign with its creator and settled status", () => {
    const doc = new Y.Doc();
    const saved = save(doc, campaign(), "2026-11-01");
    expect(saved?.campaign).toMatchObject({
      name: "Morning LRP",
      status: "SCHEDULED",
      createdBy: "agent-1",
      createdAt: "2026-11-24T12:00:00.000Z",
    });
    expect(Object.keys(saved?.recipients ?? {})).toEqual(["a", "b"]);
  });

  it("keeps an unsubscribed recipient so, replaces the quote whole, drops removed recipients and the end date", () => {
    const doc = new Y.Doc();
    save(doc, campaign());
    const edited = campaign({
      schedule: { ...campaign().schedule, durationType: "ONGOING", endDate: undefined },
      recipients: {
        b: { id: "b", customerId: "b", channels: ["email"], status: "ACTIVE" },
        c: { id: "c", customerId: "c", channels: ["sms"], status: "ACTIVE" },
      },
    });
    edited.campaign = {
      ...edited.campaign,
      quote: { plan: "lgm", commodity: "0803", type: "808", targetMarketings: [0, 0, 50, 50], deductible: 0 },
    };
    const saved = save(doc, edited);
    expect(saved?.campaign.quote).toEqual({
      plan: "lgm",
      commodity: "0803",
      type: "808",
      targetMarketings: [0, 0, 50, 50],
      deductible: 0,
    });
    expect(saved?.schedule.endDate).toBeUndefined();
    expect(saved?.recipients.a).toBeUndefined();
    expect(saved?.recipients.b).toMatchObject({
      status: "UNSUBSCRIBED",
      reason: "link",
      channels: ["email"],
    });
    expect(saved?.recipients.c).toMatchObject({ status: "ACTIVE", channels: ["sms"] });
    expect(saved?.campaign.createdBy).toBe("agent-1");
  });

  it("makes a new campaign's name a shared text, and a save of an existing one leaves it to the typing (TEXT1)", () => {
    const doc = new Y.Doc();
    save(doc, campaign());
    const name = doc.getMap("campaign").get("name");
    expect(name).toBeInstanceOf(Y.Text);
    // Someone types into the live name; a save from a form that read it earlier keeps their typing.
    (name as Y.Text).insert("Morning LRP".length, " (weekly)");
    const saved = save(doc, campaign({ campaign: { ...campaign().campaign, status: "PAUSED" } }));
    expect(doc.getMap("campaign").get("name")).toBe(name);
    expect(saved?.campaign.name).toBe("Morning LRP (weekly)");
    expect(saved?.campaign.status).toBe("PAUSED");
  });

  it("a PAUSED campaign stays paused; a past end date expires it", () => {
    const doc = new Y.Doc();
    expect(
      save(doc, campaign({ campaign: { ...campaign().campaign, status: "PAUSED" } }))?.campaign.status,
    ).toBe("PAUSED");
    expect(save(doc, campaign(), "2027-01-05")?.campaign.status).toBe("EXPIRED");
  });
});

describe("the e-mail preview's HTML", () => {
  it("has no style attribute left; the declarations wait in data-preview-style", () => {
    const html = '<body style="margin:0"><p style="color:#555">a &quot;style=&quot; b</p></body>';
    expect(withoutStyleAttributes(html)).toBe(
      '<body data-preview-style="margin:0"><p data-preview-style="color:#555">a &quot;style=&quot; b</p></body>',
    );
  });
});
