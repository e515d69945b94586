import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { isTextField } from "../../../shared/documents/text-fields";
import { textAt } from "../../../src/lib/sync/typed/y-json";
import { connect, demoUser, startTestServer, type TestServer } from "../sync/harness";

// The agents' campaign API on a real server (ACL6: agents of the organisation only): save a campaign
// (strict shapes, the frequency rule per plan), list it with status and next send, pause and resume,
// send a test to the signed-in agent (into the e-mail outbox), and an unsubscribed recipient stays
// unsubscribed whatever an agent's save says.

const agent = demoUser("agent@demo.rangeline.test");
const customer = demoUser("customer@demo.rangeline.test");
const body = (recipientStatus: "ACTIVE" | "UNSUBSCRIBED" = "ACTIVE", frequency = "DAILY") => ({
  campaign: {
    schemaVersion: 1,
    name: "Morning LRP",
    status: "ACTIVE",
    quote: defaultLrpCampaignQuote(),
  },
  schedule: {
    schemaVersion: 1,
    frequency,
    weekdays: frequency === "DAILY" ? [1, 2, 3, 4, 5] : [2],
    sendTime: "07:00",
    durationType: "ONGOING",
    startDate: "2026-01-01",
  },
  recipients: { c1: { id: "c1", customerId: "c1", channels: ["email"], status: recipientStatus } },
});

describe("campaigns API", () => {
  let server: TestServer;
  const call = async (user: { sub: string } | null, method: string, path: string, json?: unknown) => {
    const headers: Record<string, string> = {};
    if (user) headers.authorization = `Bearer ${await server.token(user as typeof agent)}`;
    if (json !== undefined) headers["content-type"] = "application/json";
    const r = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("saves, lists, pauses and resumes a campaign; refuses customers and bad shapes", async () => {
    expect((await call(customer, "GET", "/api/orgs/demo/campaigns")).status).toBe(403);
    expect((await call(null, "GET", "/api/orgs/demo/campaigns")).status).toBe(401);
    const bad = await call(agent, "PUT", "/api/orgs/demo/campaigns/k1", {
      ...body(),
      campaign: {
        ...body().campaign,
        quote: { plan: "lgm", commodity: "0803", type: "808", targetMarketings: [0, 10], deductible: 0 },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("schedule.frequency: LGM campaigns send weekly, monthly");

    const saved = await call(agent, "PUT", "/api/orgs/demo/campaigns/k1", body());
    expect(saved.status).toBe(200);
    const list = await call(agent, "GET", "/api/orgs/demo/campaigns");
    const [item] = list.json.campaigns as Record<string, unknown>[];
    expect(item).toMatchObject({
      id: "k1",
      name: "Morning LRP",
      plan: "lrp",
      status: "ACTIVE",
      recipients: 1,
      lastRun: null,
    });
    expect(typeof item.nextSend).toBe("string");

    expect((await call(agent, "POST", "/api/orgs/demo/campaigns/k1/pause")).json).toEqual({
      status: "PAUSED",
    });
    expect((await call(agent, "POST", "/api/orgs/demo/campaigns/k1/pause")).status).toBe(409);
    expect((await call(agent, "POST", "/api/orgs/demo/campaigns/k1/resume")).json).toEqual({
      status: "ACTIVE",
    });
  });

  it("[TEXT1] a saved campaign's name is shared text: a device that binds to it makes no change", async () => {
    expect((await call(agent, "PUT", "/api/orgs/demo/campaigns/k-text", body())).status).toBe(200);
    const device = connect(server.syncUrl, "org/demo/campaign/k-text", await server.token(agent));
    try {
      expect(await device.ready).toBe(true);
      const updates: Uint8Array[] = [];
      device.doc.on("update", (update: Uint8Array) => updates.push(update));
      const bound = device.doc.transact(() =>
        textAt(device.doc, "campaign", ["name"], (path) => isTextField("campaign", "campaign", path)),
      );
      expect(bound?.toString()).toBe("Morning LRP");
      expect(updates).toEqual([]);
    } finally {
      device.destroy();
    }
  });

  it("an agent's save never re-activates a recipient who unsubscribed", async () => {
    await call(agent, "PUT", "/api/orgs/demo/campaigns/k2", body());
    await server.storage.campaigns.setOptOut(
      { orgId: "demo", campaignId: "k2", customerId: "c1", channel: "email", optedOut: true, how: "link" },
      1,
    );
    const saved = await call(agent, "PUT", "/api/orgs/demo/campaigns/k2", body("ACTIVE"));
    expect((saved.json.recipients as Record<string, { status: string }>).c1.status).toBe("UNSUBSCRIBED");
  });

  it("[OPTOUT1] an SMS STOP leaves the recipient's e-mail on when an agent saves the campaign", async () => {
    const both = body();
    both.recipients.c1.channels = ["email", "sms"];
    await call(agent, "PUT", "/api/orgs/demo/campaigns/k3", both);
    await server.storage.campaigns.setOptOut(
      { orgId: "demo", campaignId: "k3", customerId: "c1", channel: "sms", optedOut: true, how: "sms" },
      1,
    );
    const saved = await call(agent, "PUT", "/api/orgs/demo/campaigns/k3", both);
    const c1 = (saved.json.recipients as Record<string, { status: string; channels: string[] }>).c1;
    expect(c1.status).toBe("ACTIVE");
    expect(c1.channels).toEqual(["email", "sms"]);
    // E-mail opted out too: now every channel is, and the recipient is UNSUBSCRIBED.
    await server.storage.campaigns.setOptOut(
      { orgId: "demo", campaignId: "k3", customerId: "c1", channel: "email", optedOut: true, how: "link" },
      2,
    );
    const again = await call(agent, "PUT", "/api/orgs/demo/campaigns/k3", both);
    expect((again.json.recipients as Record<string, { status: string }>).c1.status).toBe("UNSUBSCRIBED");
  });

  it("sends a test to the signed-in agent", async () => {
    const sent = await call(agent, "POST", "/api/orgs/demo/campaigns/k1/test");
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json.sentTo).toBe("agent@demo.rangeline.test");
    const [mail] = (await server.storage.platform.listOutbox(10)).filter(
      (m) => m.to === "agent@demo.rangeline.test",
    );
    expect(mail.subject).toContain("quote for");
    expect(mail.html).toContain("[Test] Morning LRP");
  });
});
