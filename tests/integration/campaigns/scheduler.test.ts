import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { outboxSmsSender, ProviderError } from "../../../sync-server/campaigns/providers";
import { tick } from "../../../sync-server/campaigns/scheduler";
import { unsubscribeSigner } from "../../../sync-server/campaigns/unsubscribe-link";
import { outboxSender } from "../../../sync-server/outbound/email";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import { writeSections } from "../../../sync-server/sync/doc-json";

// The scheduler over stored documents (SQLite): it reads the organisation's settings, the campaign
// (strict shapes), its recipients and their customer profiles, settles the status in the org's zone,
// sends the due run once, skips paused and legacy campaigns, and reports a bounced recipient INVALID.

const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-scheduler-"));
const storage = new SqliteStorage(join(dir, "s.sqlite"));
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

async function store(name: string, sections: Record<string, Record<string, unknown>>) {
  const doc = new Y.Doc();
  writeSections(doc, sections);
  await storage.appendUpdate(name, Y.encodeStateAsUpdate(doc), "test");
}

const profile = (id: string, email: string) => ({
  profile: {
    id,
    name: `Producer ${id}`,
    email,
    farmerClassification: "Neither",
    status: "active",
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: "2026-01-01T00:00:00Z",
    updatedBy: "agent-1",
  },
});
const campaign = (status: string) => ({
  campaign: {
    schemaVersion: 1,
    name: "Morning LRP",
    status,
    quote: defaultLrpCampaignQuote(),
  },
  schedule: {
    schemaVersion: 1,
    frequency: "DAILY",
    weekdays: [1, 2, 3, 4, 5],
    sendTime: "07:00",
    durationType: "ONGOING",
    startDate: "2026-11-01",
  },
  recipients: {
    a: { id: "a", customerId: "a", channels: ["email"], status: "ACTIVE" },
    b: { id: "b", customerId: "b", channels: ["email"], status: "ACTIVE" },
    gone: { id: "gone", customerId: "gone", channels: ["email"], status: "ACTIVE" },
    off: { id: "off", customerId: "off", channels: ["email"], status: "UNSUBSCRIBED" },
  },
});

describe("campaign scheduler", () => {
  it("sends the due run of an active campaign once, skips paused and legacy ones, reports bounces", async () => {
    await store("org/o1", {
      settings: { name: "Prairie Insurance", timezone: "America/Chicago", addressLine1: "1 Main St" },
    });
    for (const [id, email] of [
      ["a", "a@r.test"],
      ["b", "b@r.test"],
      ["gone", "gone@r.test"],
      ["off", "off@r.test"],
    ])
      await store(`org/o1/customer/${id}`, profile(id, email));
    await store("org/o1/campaign/k1", campaign("ACTIVE"));
    await store("org/o1/campaign/k2", campaign("PAUSED"));
    await store("org/o1/campaign/k3", { campaign: { name: "old", status: "ACTIVE" } });

    const real = outboxSender(storage);
    const marked: unknown[] = [];
    const options = {
      storage,
      owner: "i1",
      email: {
        kind: "outbox" as const,
        send: (m: Parameters<typeof real.send>[0]) =>
          m.to.startsWith("gone@")
            ? Promise.reject(new ProviderError("550 no such mailbox", true))
            : real.send(m),
      },
      sms: outboxSmsSender(storage, "+1"),
      signer: unsubscribeSigner(new Uint8Array(32).fill(9)),
      baseUrl: "https://app.test",
      snapshot: () => generateSampleSnapshot("2026-11-23"),
      now: () => zonedInstant("2026-11-24", "07:02", "America/Chicago"),
      sleep: async () => {},
      markRecipients: async (orgId: string, campaignId: string, changes: unknown[]) => {
        marked.push({ orgId, campaignId, changes });
      },
    };
    const results = await tick(options);
    expect(results).toHaveLength(1);
    expect(results[0].report).toMatchObject({ sent: 2, failed: 1 });
    expect((await storage.platform.listOutbox(100)).map((m) => m.to).sort()).toEqual([
      "a@r.test",
      "b@r.test",
    ]);
    expect(marked).toEqual([
      {
        orgId: "o1",
        campaignId: "k1",
        changes: [{ recipientId: "gone", status: "INVALID", reason: "email: 550 no such mailbox" }],
      },
    ]);
    expect(await storage.campaigns.listSends("o1", "k2")).toEqual([]);
    // A second look (another instance, a restart) sends nothing more.
    const again = await tick({ ...options, owner: "i2" });
    expect(again[0].report.sent).toBe(0);
    expect(await storage.platform.listOutbox(100)).toHaveLength(2);
  });

  it("texts each recipient by the clock of their address's zone (county where the state spans zones)", async () => {
    // An organisation in New York sends at 8:10 Eastern: 7:10 Central, 6:10 Mountain.
    await store("org/o2", {
      settings: { name: "Eastern Agency", timezone: "America/New_York", enableSMSCampaigns: true },
    });
    const people: [string, string, Record<string, unknown> | undefined][] = [
      [
        "knox",
        "+18655550101",
        { line1: "1 Gay St", city: "Knoxville", state: "TN", county: "47093", zip: "37902" },
      ],
      ["cook", "+13125550102", { line1: "1 State St", city: "Chicago", state: "IL", zip: "60601" }],
      [
        "elpaso",
        "+19155550103",
        { line1: "1 Mesa St", city: "El Paso", state: "TX", county: "48141", zip: "79901" },
      ],
      ["nowhere", "+12125550104", undefined],
    ];
    for (const [id, phone, address] of people) {
      const p = profile(id, `${id}@r.test`).profile;
      await store(`org/o2/customer/${id}`, {
        profile: {
          ...p,
          mobilePhone: phone,
          smsConsent: { at: "2026-01-01T00:00:00Z", method: "written" },
          ...(address ? { address } : {}),
        },
      });
    }
    const c = campaign("ACTIVE");
    await store("org/o2/campaign/t1", {
      ...c,
      schedule: { ...c.schedule, sendTime: "08:10" },
      recipients: Object.fromEntries(
        people.map(([id]) => [id, { id, customerId: id, channels: ["sms"], status: "ACTIVE" }]),
      ),
    });
    const options = {
      storage,
      owner: "i1",
      email: outboxSender(storage),
      sms: outboxSmsSender(storage, "+15550000000"),
      signer: unsubscribeSigner(new Uint8Array(32).fill(9)),
      baseUrl: "https://app.test",
      snapshot: () => generateSampleSnapshot("2026-11-23"),
      sleep: async () => {},
    };
    const texted = async () =>
      (await storage.campaigns.listSmsOutbox(1000))
        .map((m) => m.to)
        .filter((to) => people.some(([, p]) => p === to));
    const at = (time: string) => () => zonedInstant("2026-11-24", time, "America/New_York");
    const first = (await tick({ ...options, now: at("08:11") })).find((r) => r.run.startsWith("o2 "));
    // Knoxville (Eastern) and the customer without an address (the organisation's zone) get it now;
    // Chicago's is held to 8:00 Central; El Paso's 8:00 Mountain is past the 8:25 Central sales window.
    expect(first?.report).toMatchObject({ sent: 2, skipped: 1 });
    expect(first?.report.retryAt).toBe(zonedInstant("2026-11-24", "08:00", "America/Chicago"));
    expect((await texted()).sort()).toEqual(["+12125550104", "+18655550101"]);
    const sends = await storage.campaigns.listSends("o2", "t1");
    expect(sends.find((x) => x.recipientId === "elpaso")?.reason).toMatch(/^quiet hours/);
    // At 8:00 Central (9:00 Eastern) the held text goes, and nothing else again.
    const later = (await tick({ ...options, owner: "i2", now: at("09:01") })).find((r) =>
      r.run.startsWith("o2 "),
    );
    expect(later?.report.sent).toBe(1);
    expect((await texted()).sort()).toEqual(["+12125550104", "+13125550102", "+18655550101"]);
  });
});
