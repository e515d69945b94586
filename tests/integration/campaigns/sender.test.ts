import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import type { Recipient } from "../../../shared/documents/campaign";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { type EmailSender, outboxSmsSender, ProviderError } from "../../../sync-server/campaigns/providers";
import {
  type RunCampaign,
  type RunContact,
  type RunInput,
  type SenderDeps,
  sendRun,
} from "../../../sync-server/campaigns/sender";
import { mountUnsubscribeApi } from "../../../sync-server/campaigns/unsubscribe-api";
import { linkExpiry, unsubscribeSigner } from "../../../sync-server/campaigns/unsubscribe-link";
import { outboxSender as outboxEmailSender } from "../../../sync-server/outbound/email";
import { PostgresStorage } from "../../../sync-server/storage/postgres";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import type { Storage } from "../../../sync-server/storage/types";
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from "../sync/services";

// The campaign sender (docs/campaigns.md) on SQLite and PostgreSQL, with the embedded outbox providers: each
// recipient once per run across instances and a crashed holder; opt-outs win over the agent-writable
// document; stale data and missed runs skip; a provider's refusal marks the recipient invalid without
// stopping the others; forged unsubscribe links change nothing.

const CHICAGO = "America/Chicago";
const runAt = zonedInstant("2026-11-24", "07:00", CHICAGO); // a Tuesday
const snapshot = generateSampleSnapshot("2026-11-23");
const signer = unsubscribeSigner(new Uint8Array(32).fill(7));

let seq = 0;
function fixture(recipients = 3) {
  const tag = `t${++seq}${Math.random().toString(36).slice(2, 7)}`;
  const contacts = new Map<string, RunContact>();
  const list: Recipient[] = [];
  for (let i = 1; i <= recipients; i++) {
    const id = `${tag}-c${i}`;
    contacts.set(id, {
      id,
      name: `Producer ${i}`,
      email: `${id}@ranch.test`,
      farmerClassification: "Neither",
    });
    list.push({ id, customerId: id, channels: ["email"], status: "ACTIVE" });
  }
  const campaign: RunCampaign = {
    id: `${tag}-k1`,
    name: "Morning LRP",
    quote: defaultLrpCampaignQuote(),
    recipients: list,
  };
  const input: RunInput = {
    org: {
      id: `org-${tag}`,
      name: "Prairie Insurance",
      primaryColor: "#2b6cb0",
      senderEmail: "quotes@prairie.test",
      addressLine1: "1 Main St",
      city: "Ames",
      state: "IA",
      zip: "50010",
      timeZone: CHICAGO,
      enableSMSCampaigns: true,
      enableCombinedQuoteCampaignsToSingleEmail: true,
    },
    runDate: "2026-11-24",
    runAt,
    campaigns: [campaign],
    contacts,
    snapshot,
  };
  return { tag, input, campaign, contacts };
}

function senderContract(label: string, open: () => Promise<Storage>, cleanup: () => Promise<void>) {
  describe(`campaign sender: ${label}`, () => {
    let storage: Storage;
    const deps = (owner: string, extra: Partial<SenderDeps> = {}): SenderDeps => ({
      storage,
      owner,
      email: outboxEmailSender(storage),
      sms: outboxSmsSender(storage, "+15550000000"),
      signer,
      baseUrl: "https://app.test",
      now: () => runAt + 60_000,
      sleep: async () => {},
      retry: { firstMs: 1, maxMs: 2, attempts: 3 },
      ...extra,
    });
    const outboxFor = async (tag: string) =>
      (await storage.platform.listOutbox(100_000)).filter((m) => m.to.startsWith(`${tag}-`));
    beforeAll(async () => {
      storage = await open();
    });
    afterAll(async () => {
      await storage.close();
      await cleanup();
    });

    it("3 recipients get exactly 3 e-mails; running the run again sends nothing", async () => {
      const { tag, input } = fixture(3);
      const first = await sendRun(input, deps("a"));
      expect(first.sent).toBe(3);
      const again = await sendRun(input, deps("a"));
      expect(again.sent).toBe(0);
      const mails = await outboxFor(tag);
      expect(mails.map((m) => m.to).sort()).toEqual([
        `${tag}-c1@ranch.test`,
        `${tag}-c2@ranch.test`,
        `${tag}-c3@ranch.test`,
      ]);
      const m = mails[0];
      expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(m.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/app\.test\/api\/unsubscribe\?o=/);
      expect(m.text).toContain("1 Main St, Ames, IA 50010");
      expect(m.html).toContain("/unsubscribe/campaign/");
      const log = await storage.campaigns.listSends(input.org.id, input.campaigns[0].id);
      expect(log.map((s) => s.status)).toEqual(["sent", "sent", "sent"]);
    });

    it("a holder that dies mid-run: after its lease another instance sends the rest, no duplicates", async () => {
      const { tag, input } = fixture(3);
      let handed = 0;
      const real = outboxEmailSender(storage);
      const dying: EmailSender = {
        kind: "outbox",
        send: (m) => (++handed === 1 ? real.send(m) : new Promise(() => {})), // hangs like a killed process
      };
      void sendRun(input, deps("dead", { email: dying, concurrency: 3 }));
      // All three claimed and handed over (two of them hang), the first one in the outbox.
      await vi.waitFor(() => expect(handed).toBe(3));
      await vi.waitFor(async () => expect(await outboxFor(tag)).toHaveLength(1));
      // Before the lease ends the other instance leaves the claims alone.
      const early = await sendRun(input, deps("b"));
      expect(early.sent).toBe(0);
      const later = await sendRun(input, deps("b", { now: () => runAt + 60_000 + 6 * 60_000 }));
      expect(later.sent).toBe(2);
      const mails = await outboxFor(tag);
      expect(mails).toHaveLength(3);
      expect(new Set(mails.map((m) => m.to)).size).toBe(3);
    });

    it("two instances at once send each message once", async () => {
      const { tag, input } = fixture(40);
      const [a, b] = await Promise.all([
        sendRun(input, deps("a", { concurrency: 4 })),
        sendRun(input, deps("b", { concurrency: 4 })),
      ]);
      expect(a.sent + b.sent).toBe(40);
      const mails = await outboxFor(tag);
      expect(mails).toHaveLength(40);
      expect(new Set(mails.map((m) => m.to)).size).toBe(40);
    });

    it("an unsubscribed recipient gets nothing, though the document still says ACTIVE", async () => {
      const { tag, input, campaign } = fixture(3);
      await storage.campaigns.setOptOut(
        {
          orgId: input.org.id,
          campaignId: campaign.id,
          customerId: `${tag}-c2`,
          channel: "email",
          optedOut: true,
          how: "link",
        },
        1,
      );
      const report = await sendRun(input, deps("a"));
      expect(report.sent).toBe(2);
      expect((await outboxFor(tag)).map((m) => m.to)).not.toContain(`${tag}-c2@ranch.test`);
    });

    it("stale market data and a run missed past its sales window are recorded skipped", async () => {
      const stale = fixture(2);
      const r1 = await sendRun({ ...stale.input, snapshot: generateSampleSnapshot("2026-11-20") }, deps("a"));
      expect(r1).toMatchObject({ sent: 0, skipped: 2 });
      const log = await storage.campaigns.listSends(stale.input.org.id, stale.campaign.id);
      expect(log.map((s) => s.reason)).toEqual(["stale market data", "stale market data"]);
      const missed = fixture(2);
      const r2 = await sendRun(
        missed.input,
        deps("a", { now: () => zonedInstant("2026-11-24", "09:00", CHICAGO) }),
      );
      expect(r2).toMatchObject({ sent: 0, skipped: 2 });
      expect((await storage.campaigns.listSends(missed.input.org.id, missed.campaign.id))[0].reason).toMatch(
        /^missed: /,
      );
      // Late but within the window (8:25 am Central): sent.
      const late = fixture(1);
      const r3 = await sendRun(
        late.input,
        deps("a", { now: () => zonedInstant("2026-11-24", "08:00", CHICAGO) }),
      );
      expect(r3.sent).toBe(1);
    });

    it("a bounce marks that recipient invalid; a transient error is retried; the others still get theirs", async () => {
      const { tag, input } = fixture(3);
      const real = outboxEmailSender(storage);
      let flaky = 0;
      const email: EmailSender = {
        kind: "outbox",
        async send(m) {
          if (m.to.startsWith(`${tag}-c1@`)) throw new ProviderError("550 mailbox does not exist", true);
          if (m.to.startsWith(`${tag}-c2@`) && ++flaky < 3) throw new Error("421 try again later");
          return real.send(m);
        },
      };
      const report = await sendRun(input, deps("a", { email }));
      expect(report.sent).toBe(2);
      expect(report.failed).toBe(1);
      expect(report.invalid).toEqual([
        {
          campaignId: input.campaigns[0].id,
          recipientId: `${tag}-c1`,
          channel: "email",
          reason: "550 mailbox does not exist",
        },
      ]);
      expect(flaky).toBe(3);
    });

    it("SMS waits for the recipient's 8 am, then goes out once", async () => {
      const { tag, input, contacts, campaign } = fixture(1);
      const id = `${tag}-c1`;
      const phone = `515-555-${String(seq).padStart(4, "0")}`;
      const texted = `+1515555${String(seq).padStart(4, "0")}`; // what the provider gets (E.164)
      contacts.set(id, {
        ...(contacts.get(id) as RunContact),
        mobilePhone: phone,
        smsConsent: { at: "2026-01-01T00:00:00Z" },
        timeZone: CHICAGO,
      });
      // An organisation in New York sending at 7:00 (6:00 in Chicago).
      const eastern = zonedInstant("2026-11-24", "07:00", "America/New_York");
      const run: RunInput = {
        ...input,
        org: { ...input.org, timeZone: "America/New_York" },
        runAt: eastern,
        campaigns: [{ ...campaign, recipients: [{ ...campaign.recipients[0], channels: ["email", "sms"] }] }],
      };
      const early = await sendRun(run, deps("a", { now: () => eastern + 60_000 }));
      expect(early.sent).toBe(1); // the e-mail; the text is held until 8:00 in Chicago
      expect(early.retryAt).toBe(zonedInstant("2026-11-24", "08:00", CHICAGO));
      expect((await storage.campaigns.listSmsOutbox(100_000)).filter((m) => m.to === texted)).toHaveLength(0);
      const at8 = await sendRun(run, deps("a", { now: () => zonedInstant("2026-11-24", "08:00", CHICAGO) }));
      expect(at8.sent).toBe(1);
      const again = await sendRun(
        run,
        deps("b", { now: () => zonedInstant("2026-11-24", "08:05", CHICAGO) }),
      );
      expect(again.sent).toBe(0);
      const texts = (await storage.campaigns.listSmsOutbox(100_000)).filter((m) => m.to === texted);
      expect(texts).toHaveLength(1);
      expect(texts[0].body).toContain("Reply STOP to opt out");
      // In Los Angeles 8:00 is past the 8:25 Central window: the text is recorded skipped, not sent late.
      const west = fixture(1);
      const wid = `${west.tag}-c1`;
      west.contacts.set(wid, {
        ...(west.contacts.get(wid) as RunContact),
        mobilePhone: "515-555-9999",
        smsConsent: { at: "2026-01-01T00:00:00Z" },
        timeZone: "America/Los_Angeles",
      });
      const westRun = {
        ...west.input,
        campaigns: [
          { ...west.campaign, recipients: [{ ...west.campaign.recipients[0], channels: ["sms" as const] }] },
        ],
      };
      expect(await sendRun(westRun, deps("a"))).toMatchObject({ sent: 0, skipped: 1 });
      expect((await storage.campaigns.listSends(west.input.org.id, west.campaign.id))[0].reason).toMatch(
        /^quiet hours/,
      );
    });

    it("unsubscribe links: a forged signature changes nothing; a signed one opts out, and only its undo opts back in", async () => {
      const { tag, input, campaign } = fixture(1);
      const app = new Hono();
      mountUnsubscribeApi(app, { storage, signer });
      const customer = `${tag}-c1`;
      const expires = linkExpiry(Date.now());
      const link = { orgId: input.org.id, campaignId: campaign.id, channel: "email" as const, expires };
      const path = `/api/unsubscribe/${input.org.id}/${campaign.id}/${customer}`;
      const forged = signer.sign({ ...link, customerId: `${tag}-c2` });
      const post = (body: object) =>
        app.request(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ channel: "email", expires, ...body }),
        });
      const bad = await post({ sig: forged, optedOut: true });
      expect(bad.status).toBe(403);
      expect(await bad.json()).toEqual({
        error: "link-invalid",
        message: "This unsubscribe link is not valid.",
      });
      const oneClickForged = await app.request(
        `/api/unsubscribe?o=${input.org.id}&u=${customer}&e=${expires}&c=${campaign.id}.${forged}`,
        { method: "POST", body: "List-Unsubscribe=One-Click" },
      );
      expect(oneClickForged.status).toBe(403);
      expect((await storage.campaigns.optOuts(input.org.id, campaign.id)).size).toBe(0);

      const sig = signer.sign({ ...link, customerId: customer });
      const ok = await app.request(
        `/api/unsubscribe?o=${input.org.id}&u=${customer}&e=${expires}&c=${campaign.id}.${sig}`,
        { method: "POST", body: "List-Unsubscribe=One-Click" },
      );
      expect(ok.status).toBe(200);
      expect((await sendRun(input, deps("a"))).sent).toBe(0);
      const back = await post({ sig, optedOut: false });
      expect(back.status).toBe(403);
      expect((await back.json()).error).toBe("consent-needed");
      expect((await storage.campaigns.optOuts(input.org.id, campaign.id)).get(customer)).toEqual(
        new Set(["email"]),
      );
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), "rangeline-campaigns-"));
senderContract(
  "SQLite",
  async () => new SqliteStorage(join(dir, "campaigns.sqlite")),
  async () => rmSync(dir, { recursive: true, force: true }),
);

describe.runIf(postgresAvailable)("PostgreSQL", () => {
  const schema = uniqueSchema("campaigns");
  senderContract(
    "PostgreSQL",
    () => PostgresStorage.open({ connectionString: POSTGRES_URL, schema }),
    () => dropSchema(schema),
  );
});
