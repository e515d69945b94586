import type { Context, Hono } from "hono";
import { z } from "zod";
import { applyAgentEdit, withOptOuts } from "../../shared/campaigns/recipients";
import { nextRuns } from "../../shared/campaigns/schedule";
import { applyAction, settle } from "../../shared/campaigns/status";
import { wallTime } from "../../shared/campaigns/zoned-time";
import {
  type Campaign,
  campaignSchema,
  campaignSectionSchema,
  recipientSchema,
  scheduleSectionSchema,
} from "../../shared/documents/campaign";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { nowMs } from "../clock";
import type { Config } from "../config";
import { countRefusal } from "../routes/limits";
import { callerOf } from "../routes/route";
import type { Storage } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import type { EmailSender } from "./providers";
import { runOrgFromSettings } from "./run-org";
import { type RunContact, type RunOrg, sendRun } from "./sender";
import { storedDocumentJson } from "./stored-doc";
import type { UnsubscribeSigner } from "./unsubscribe-link";

// The agents' campaign API (ACL6: agents of the organisation only):
// - GET  /api/orgs/{o}/campaigns/{c}/runs          per-run counts and the send log (why failed/skipped);
// - POST /api/orgs/{o}/campaigns/{c}/test          "send a test to me": the e-mail a recipient would get
//   today, priced on the server's current snapshot, to the signed-in agent's own address (not logged as
//   a run).

const id = z.string().min(1).max(128);

export interface CampaignsApiOptions {
  storage: Storage;
  verify: VerifyToken;
  email: EmailSender;
  signer: UnsubscribeSigner;
  snapshot: () => Promise<MarketSnapshot | null> | MarketSnapshot | null;
  baseUrl: () => string;
  now?: () => number;
  /** BOUND2: the campaigns an organisation may have. */
  counts: Pick<Config, "CAMPAIGNS_PER_ORG">;
  /** Writes whole sections into the campaign document (the server's direct connection). */
  writeCampaign?: (
    orgId: string,
    campaignId: string,
    sections: Record<string, Record<string, unknown>>,
  ) => Promise<void>;
}

export function mountCampaignsApi(app: Hono, options: CampaignsApiOptions): void {
  const { storage } = options;
  const agent = async (c: Context) => {
    const params = z.object({ orgId: id, campaignId: id }).safeParse({ campaignId: "-", ...c.req.param() });
    if (!params.success)
      return { response: c.json({ error: "invalid-input", message: "The address names no campaign." }, 400) };
    const who = await callerOf(c, options, {
      org: params.data.orgId,
      roles: ["agent"],
      forbidden: `Only agents of ${params.data.orgId} may see its campaigns.`,
    });
    if ("response" in who) return who;
    return { ...params.data, sub: who.identity.sub };
  };

  const orgZone = async (orgId: string) => {
    const settings = ((await storedDocumentJson(storage, `org/${orgId}`)).settings ?? {}) as {
      timezone?: string;
    };
    return settings.timezone ?? "America/Chicago";
  };

  app.get("/api/orgs/:orgId/campaigns", async (c) => {
    const who = await agent(c);
    if ("response" in who) return who.response;
    const now = (options.now ?? nowMs)();
    const zone = await orgZone(who.orgId);
    const today = wallTime(now, zone).date;
    const prefix = `org/${who.orgId}/campaign/`;
    const campaigns = [];
    for (const name of await storage.listDocuments(prefix)) {
      const json = await storedDocumentJson(storage, name);
      const campaign = campaignSectionSchema.safeParse(json.campaign);
      const schedule = scheduleSectionSchema.safeParse(json.schedule);
      if (!campaign.success || !schedule.success) continue;
      const campaignId = name.slice(prefix.length);
      const status = settle(campaign.data.status, schedule.data, today);
      const [next] = status === "ACTIVE" || status === "SCHEDULED" ? nextRuns(schedule.data, zone, now) : [];
      // Test sends ("send a test to me") are logged under test-… run keys: not runs.
      const [last] = (await storage.campaigns.runSummaries(who.orgId, campaignId)).filter(
        (r) => !r.runDate.startsWith("test-"),
      );
      campaigns.push({
        id: campaignId,
        name: campaign.data.name,
        plan: campaign.data.quote.plan,
        status,
        nextSend: next ? new Date(next.at).toISOString() : null,
        recipients: Object.keys((json.recipients ?? {}) as object).length,
        lastRun: last ?? null,
      });
    }
    return c.json({ campaigns });
  });

  app.get("/api/orgs/:orgId/campaigns/:campaignId", async (c) => {
    const who = await agent(c);
    if ("response" in who) return who.response;
    const json = await storedDocumentJson(storage, `org/${who.orgId}/campaign/${who.campaignId}`);
    const parsed = campaignSchema.safeParse({
      campaign: json.campaign,
      schedule: json.schedule,
      recipients: json.recipients ?? {},
    });
    if (!parsed.success)
      return c.json({ error: "not-found", message: `No campaign ${who.campaignId}.` }, 404);
    return c.json(parsed.data);
  });

  /** Creates or replaces a campaign; unsubscribed recipients stay unsubscribed whatever the body says. */
  app.put("/api/orgs/:orgId/campaigns/:campaignId", async (c) => {
    const who = await agent(c);
    if ("response" in who) return who.response;
    const body = campaignSchema.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json(
        {
          error: "invalid-input",
          message: `The campaign is invalid: ${body.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ")}`,
        },
        400,
      );
    if (!options.writeCampaign)
      return c.json({ error: "unavailable", message: "Campaigns cannot be saved here." }, 503);
    // BOUND2: a new campaign only while the organisation has fewer than its cap (the device's too).
    const prefix = `org/${who.orgId}/campaign/`;
    const names = await storage.listDocuments(prefix);
    if (!names.includes(`${prefix}${who.campaignId}`)) {
      const full = countRefusal("PUT /api/orgs/:orgId/campaigns/:campaignId", names.length, options.counts);
      if (full) return c.json(full, 409);
    }
    const before = await storedDocumentJson(storage, `org/${who.orgId}/campaign/${who.campaignId}`);
    const optOuts = await storage.campaigns.optOuts(who.orgId, who.campaignId);
    const recipients: Campaign["recipients"] = {};
    for (const [key, edited] of Object.entries(body.data.recipients)) {
      const old = recipientSchema.safeParse(((before.recipients ?? {}) as Record<string, unknown>)[key]);
      // OPTOUT1: an opt-out applies to its own channel; UNSUBSCRIBED only when every channel is opted out.
      const next = applyAgentEdit(old.success ? old.data : undefined, edited);
      recipients[key] = withOptOuts(next, optOuts.get(next.customerId));
    }
    const today = wallTime((options.now ?? nowMs)(), await orgZone(who.orgId)).date;
    const status =
      body.data.campaign.status === "PAUSED" ? "PAUSED" : settle("ACTIVE", body.data.schedule, today);
    await options.writeCampaign(who.orgId, who.campaignId, {
      campaign: { ...body.data.campaign, status, createdBy: body.data.campaign.createdBy ?? who.sub },
      schedule: body.data.schedule,
      recipients,
    });
    return c.json({ id: who.campaignId, status, recipients });
  });

  app.post("/api/orgs/:orgId/campaigns/:campaignId/:action{pause|resume}", async (c) => {
    const who = await agent(c);
    if ("response" in who) return who.response;
    const json = await storedDocumentJson(storage, `org/${who.orgId}/campaign/${who.campaignId}`);
    const campaign = campaignSectionSchema.safeParse(json.campaign);
    const schedule = scheduleSectionSchema.safeParse(json.schedule);
    if (!campaign.success || !schedule.success)
      return c.json({ error: "not-found", message: `No campaign ${who.campaignId}.` }, 404);
    const today = wallTime((options.now ?? nowMs)(), await orgZone(who.orgId)).date;
    const result = applyAction(
      campaign.data.status,
      c.req.param("action") as "pause" | "resume",
      schedule.data,
      today,
    );
    if (!result.ok) return c.json({ error: "not-allowed", message: result.message }, 409);
    await options.writeCampaign?.(who.orgId, who.campaignId, {
      campaign: { ...campaign.data, status: result.status },
    });
    return c.json({ status: result.status });
  });

  app.get("/api/orgs/:orgId/campaigns/:campaignId/runs", async (c) => {
    const who = await agent(c);
    if ("response" in who) return who.response;
    const runDate = c.req.query("run");
    if (runDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(runDate))
      return c.json({ error: "invalid-input", message: "run: expected a date YYYY-MM-DD" }, 400);
    const runs = (await storage.campaigns.runSummaries(who.orgId, who.campaignId)).filter(
      (r) => !r.runDate.startsWith("test-"),
    );
    const sends = await storage.campaigns.listSends(
      who.orgId,
      who.campaignId,
      runDate ?? runs[0]?.runDate,
      2000,
    );
    return c.json({ runs, sends: sends.map(({ orgId: _o, providerId: _p, ...s }) => s) });
  });

  app.post("/api/orgs/:orgId/campaigns/:campaignId/test", async (c) => {
    const who = await agent(c);
    if ("response" in who) return who.response;
    const me = (await storage.members.listMembers(who.orgId)).find((m) => m.id === who.sub);
    const to = me?.email;
    if (!to)
      return c.json(
        { error: "no-address", message: "Your account has no e-mail address to send the test to." },
        400,
      );
    const json = await storedDocumentJson(storage, `org/${who.orgId}/campaign/${who.campaignId}`);
    const campaign = campaignSectionSchema.safeParse(json.campaign);
    if (!campaign.success)
      return c.json(
        {
          error: "not-ready",
          message: "Save the campaign first: the server has no complete campaign to test.",
        },
        409,
      );
    const snapshot = await options.snapshot();
    if (!snapshot)
      return c.json({ error: "no-market-data", message: "The server has no market data yet." }, 503);
    const settings = ((await storedDocumentJson(storage, `org/${who.orgId}`)).settings ?? {}) as Record<
      string,
      unknown
    >;
    // A test is one e-mail to the agent: never combined with other campaigns.
    const org: RunOrg = {
      ...runOrgFromSettings(who.orgId, settings),
      enableCombinedQuoteCampaignsToSingleEmail: false,
    };
    const contact: RunContact = { id: `test-${who.sub}`, name: me?.name ?? "agent", email: to };
    const now = (options.now ?? nowMs)();
    // A test run has its own run key (one per second), so it never collides with a scheduled run.
    const report = await sendRun(
      {
        org,
        runDate: `test-${new Date(now).toISOString().slice(0, 19)}`,
        runAt: now,
        campaigns: [
          {
            id: who.campaignId,
            name: `[Test] ${campaign.data.name}`,
            quote: campaign.data.quote,
            recipients: [{ id: contact.id, customerId: contact.id, channels: ["email"], status: "ACTIVE" }],
          },
        ],
        contacts: new Map([[contact.id, contact]]),
        snapshot,
      },
      {
        storage,
        owner: `test-${who.sub}`,
        email: options.email,
        // A test goes to the agent's own e-mail only; no text is ever sent from here.
        sms: {
          kind: "outbox",
          send: async () => {
            throw new Error("A test send is e-mail only.");
          },
        },
        signer: options.signer,
        baseUrl: options.baseUrl().replace(/\/$/, ""),
        now: () => now,
      },
    );
    if (report.sent === 1) return c.json({ sentTo: to });
    const [log] = await storage.campaigns.listSends(
      who.orgId,
      who.campaignId,
      `test-${new Date(now).toISOString().slice(0, 19)}`,
    );
    return c.json(
      { error: "not-sent", message: `The test was not sent: ${log?.reason ?? "unknown reason"}.` },
      502,
    );
  });
}
