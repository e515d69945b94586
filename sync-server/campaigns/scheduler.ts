import { recipientTimeZone } from "../../shared/campaigns/recipient-zone";
import { runsDue } from "../../shared/campaigns/schedule";
import { settle } from "../../shared/campaigns/status";
import { wallTime } from "../../shared/campaigns/zoned-time";
import { customerProfileSchema } from "../../shared/documents/book";
import {
  campaignSectionSchema,
  recipientSchema,
  scheduleSectionSchema,
} from "../../shared/documents/campaign";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { runOrgFromSettings } from "./run-org";
import {
  type RunCampaign,
  type RunContact,
  type RunOrg,
  type RunReport,
  type SenderDeps,
  sendRun,
} from "./sender";
import { storedDocumentJson } from "./stored-doc";

// The campaign scheduler (docs/campaigns.md): every minute it reads the stored campaign documents, settles
// each campaign's status in its organisation's zone, and sends the runs due in the last day (grouped by
// organisation and send time, so a recipient of several campaigns may get one combined e-mail). It keeps
// no state of its own that matters: the send log (campaign_sends) decides what was sent, so a restarted
// or second instance simply looks again — a finished send is never claimed twice, and a run missed while
// the server was down goes out late only inside its sales window (sender.ts), else it is logged skipped.
//
// Why not the market feed's job_runs lock (sync-server/jobs): that lock is one row per run, claimed by
// one instance for the whole run. A campaign run must resume per recipient after a crash, so the lock is
// one row per campaign × run × recipient × channel (the same INSERT … ON CONFLICT … lease pattern as
// job_runs), which is also the idempotency key.

export interface SchedulerOptions extends Omit<SenderDeps, "now"> {
  snapshot: () => Promise<MarketSnapshot | null> | MarketSnapshot | null;
  now?: () => number;
  /** How often to look (default 60 s). */
  intervalMs?: number;
  /** How far back a look reaches for missed runs (default 24 h). */
  lookBackMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * Writes recipients' new statuses into the campaign document (the server's direct connection): a
   * provider's permanent refusal makes the recipient INVALID with the reason.
   */
  markRecipients?: (
    orgId: string,
    campaignId: string,
    changes: { recipientId: string; status: "INVALID"; reason: string }[],
  ) => Promise<void>;
}

interface Loaded {
  orgId: string;
  org: RunOrg;
  campaign: RunCampaign;
  rule: ReturnType<typeof scheduleSectionSchema.parse>;
  status: ReturnType<typeof campaignSectionSchema.parse>["status"];
}

const CAMPAIGN_NAME = /^org\/([^/]+)\/campaign\/([^/]+)$/;

async function loadCampaigns(
  storage: Storage,
): Promise<{ loaded: Loaded[]; contacts: Map<string, RunContact> }> {
  const names = (await storage.listDocuments("org/")).filter((n) => CAMPAIGN_NAME.test(n));
  const orgs = new Map<string, RunOrg | null>();
  const contacts = new Map<string, RunContact>();
  const loaded: Loaded[] = [];
  for (const name of names) {
    const [, orgId, campaignId] = CAMPAIGN_NAME.exec(name) as RegExpExecArray;
    const json = await storedDocumentJson(storage, name);
    const campaign = campaignSectionSchema.safeParse(json.campaign);
    const rule = scheduleSectionSchema.safeParse(json.schedule);
    if (!campaign.success || !rule.success) continue; // a legacy or unfinished campaign does not send
    if (!orgs.has(orgId)) {
      const settings = (await storedDocumentJson(storage, `org/${orgId}`)).settings as
        | Record<string, unknown>
        | undefined;
      orgs.set(orgId, settings ? runOrgFromSettings(orgId, settings) : null);
    }
    const org = orgs.get(orgId);
    if (!org) continue;
    const recipients = Object.values((json.recipients as Record<string, unknown> | undefined) ?? {})
      .map((r) => recipientSchema.safeParse(r))
      .flatMap((r) => (r.success ? [r.data] : []));
    for (const r of recipients) {
      if (contacts.has(r.customerId)) continue;
      const profile = customerProfileSchema.safeParse(
        (await storedDocumentJson(storage, `org/${orgId}/customer/${r.customerId}`)).profile,
      );
      if (profile.success)
        contacts.set(r.customerId, {
          id: r.customerId,
          name: profile.data.name,
          email: profile.data.email,
          mobilePhone: profile.data.mobilePhone,
          smsConsent: profile.data.smsConsent ?? null,
          farmerClassification: profile.data.farmerClassification,
          // SMS quiet hours keep the customer's own clock: their address's zone, else the organisation's.
          timeZone: recipientTimeZone(profile.data.address, org.timeZone),
        });
    }
    loaded.push({
      orgId,
      org,
      rule: rule.data,
      status: campaign.data.status,
      campaign: { id: campaignId, name: campaign.data.name, quote: campaign.data.quote, recipients },
    });
  }
  return { loaded, contacts };
}

/** One look: sends every run due in the look-back window; returns the reports by run. */
export async function tick(options: SchedulerOptions): Promise<{ run: string; report: RunReport }[]> {
  const now = options.now ?? nowMs;
  const at = now();
  const snapshot = await options.snapshot();
  if (!snapshot) return [];
  await options.storage.campaigns.deleteExpiredShortLinks(at);
  const { loaded, contacts } = await loadCampaigns(options.storage);
  const groups = new Map<string, { org: RunOrg; runDate: string; runAt: number; campaigns: RunCampaign[] }>();
  for (const l of loaded) {
    const today = wallTime(at, l.org.timeZone).date;
    if (settle(l.status, l.rule, today) !== "ACTIVE") continue;
    for (const run of runsDue(l.rule, l.org.timeZone, at - (options.lookBackMs ?? 86_400_000), at)) {
      const key = `${l.orgId}\n${run.at}`;
      const group = groups.get(key) ?? { org: l.org, runDate: run.date, runAt: run.at, campaigns: [] };
      group.campaigns.push(l.campaign);
      groups.set(key, group);
    }
  }
  const results: { run: string; report: RunReport }[] = [];
  for (const g of groups.values()) {
    const report = await sendRun({ ...g, contacts, snapshot }, { ...options, now });
    results.push({ run: `${g.org.id} ${g.runDate} ${new Date(g.runAt).toISOString()}`, report });
    const byCampaign = new Map<string, { recipientId: string; status: "INVALID"; reason: string }[]>();
    for (const i of report.invalid)
      byCampaign.set(i.campaignId, [
        ...(byCampaign.get(i.campaignId) ?? []),
        { recipientId: i.recipientId, status: "INVALID", reason: `${i.channel}: ${i.reason}` },
      ]);
    for (const [campaignId, changes] of byCampaign)
      await options.markRecipients?.(g.org.id, campaignId, changes);
    if (report.sent + report.failed + report.skipped > 0)
      options.log?.("campaign run", {
        org: g.org.id,
        runDate: g.runDate,
        sent: report.sent,
        failed: report.failed,
        skipped: report.skipped,
      });
  }
  return results;
}

/** Starts looking every minute; `stop` waits for the current look to end. */
export function startScheduler(options: SchedulerOptions): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const look = () => {
    if (stopped || running) return; // one look at a time
    running = tick(options)
      .catch((error) =>
        options.log?.("campaign scheduler failed", {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(look, options.intervalMs ?? 60_000);
  timer.unref?.();
  look();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
