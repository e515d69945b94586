import { isStaleForCampaign, publishedTradingDay } from "../../shared/campaigns/market-day";
import { type PricedQuote, priceCampaignQuote } from "../../shared/campaigns/price";
import { quotePageUrl } from "../../shared/campaigns/quote-link";
import { deliverableChannels, type OptOuts } from "../../shared/campaigns/recipients";
import { type RenderItem, type RenderOrg, renderEmail, renderSms } from "../../shared/campaigns/render";
import { nextSmsSlot, smsAllowedAt } from "../../shared/campaigns/schedule";
import type { FarmerClassification } from "../../shared/catalogue";
import type { CampaignQuote, Channel, Recipient } from "../../shared/documents/campaign";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import { salesWindow } from "../../shared/pricing/sales-window";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { deliveryFields } from "./delivery-key";
import { type EmailSender, isPermanent, isRecipientFault, ProviderError, type SmsSender } from "./providers";
import { createShortLink } from "./short-links";
import type { SendKey } from "./tables";
import { linkExpiry, type UnsubscribeSigner } from "./unsubscribe-link";

// One run of an organisation's campaigns due at one send time (docs/campaigns.md). Each message is keyed in
// the send log by campaign × run × recipient × channel and claimed with a lease before it goes to a
// provider, then finished sent / failed / skipped: a recipient gets each run once across restarts and
// instances (a crashed holder's claims are taken over when their lease ends; finished ones never).
// A run sent late goes out only while the sales window of its prices is open, else it is recorded
// skipped; a stale snapshot skips with "stale market data"; one recipient's failure never stops the
// others; transient provider errors retry after 1 s doubling to 30 s; permanent ones (bounce, invalid
// number) fail the send and report the recipient INVALID with the reason.

export interface RunContact {
  id: string;
  name: string;
  email?: string;
  mobilePhone?: string;
  smsConsent?: { at: string } | null;
  farmerClassification?: FarmerClassification;
  /** The recipient's IANA zone for SMS quiet hours; the organisation's when unknown. */
  timeZone?: string;
}

export interface RunCampaign {
  id: string;
  name: string;
  quote: CampaignQuote;
  recipients: readonly Recipient[];
}

export interface RunOrg extends RenderOrg {
  id: string;
  /** The organisation's contact address (spec §3 `email`): the Reply-To when it has no senderEmail. */
  email?: string | null;
  timeZone: string;
  enableSMSCampaigns?: boolean;
  enableCombinedQuoteCampaignsToSingleEmail: boolean;
  smsFrom?: string | null;
  /** The agency's full logo as its settings keep it: a path on this server (/api/orgs/…/assets/…). */
  logoPath?: string | null;
}

export interface RunInput {
  org: RunOrg;
  runDate: string;
  /** When the run was due (epoch ms). */
  runAt: number;
  campaigns: readonly RunCampaign[];
  contacts: ReadonlyMap<string, RunContact>;
  snapshot: MarketSnapshot;
}

export interface SenderDeps {
  storage: Storage;
  /** This instance's id. */
  owner: string;
  email: EmailSender;
  sms: SmsSender;
  signer: UnsubscribeSigner;
  /** The app's public address, for links. */
  baseUrl: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** How long a claim holds (default 5 minutes). */
  leaseMs?: number;
  retry?: { firstMs: number; maxMs: number; attempts: number };
  /** Messages in flight at once (default 16). */
  concurrency?: number;
  /**
   * Which channels' delivery callbacks this server receives and verifies (SendGrid's signed event
   * webhook; Twilio's status callback at `smsStatusUrl`). For those, a send whose answer was lost (a
   * timeout after the request went out) is marked uncertain and left for the callback to settle, instead
   * of being sent again; after `uncertainMs` without a callback it may be sent again.
   */
  callbacks?: { email?: boolean; smsStatusUrl?: string };
  /** How long an uncertain send waits for its callback (default 15 minutes). */
  uncertainMs?: number;
  /** Called after each message is handed over (tests stop a run midway with it). */
  onSent?: (key: SendKey) => void | Promise<void>;
}

export interface RunReport {
  sent: number;
  failed: number;
  skipped: number;
  /** Not handed over here: already done, held by another instance, or SMS held for quiet hours. */
  notMine: number;
  /** Handed over, the answer lost: waiting for the provider's callback (not sent again meanwhile). */
  uncertain: number;
  /** SMS held until the recipient's 8 am; retry the run at this instant (epoch ms), if any. */
  retryAt: number | null;
  invalid: { campaignId: string; recipientId: string; channel: Channel; reason: string }[];
}

/** A late run: due more than this long ago. */
export const LATE_AFTER_MS = 10 * 60_000;

/**
 * From and Reply-To: a campaign e-mail comes From the organisation's senderEmail when it has one (replies
 * reach it without a Reply-To); else From the server's EMAIL_FROM, with Reply-To the organisation's
 * contact address (spec §3 `email`) so a producer's reply reaches the agency, not the platform.
 */
export const replyTo = (org: Pick<RunOrg, "senderEmail" | "email">): { "Reply-To"?: string } =>
  !org.senderEmail && org.email ? { "Reply-To": org.email } : {};

interface Job {
  channel: Channel;
  contact: RunContact;
  items: RunCampaign[];
}

export async function sendRun(input: RunInput, deps: SenderDeps): Promise<RunReport> {
  const now = deps.now ?? nowMs;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const retry = deps.retry ?? { firstMs: 1000, maxMs: 30_000, attempts: 7 };
  const report: RunReport = {
    sent: 0,
    failed: 0,
    skipped: 0,
    notMine: 0,
    uncertain: 0,
    retryAt: null,
    invalid: [],
  };
  const uncertainMs = deps.uncertainMs ?? 15 * 60_000;
  const { org, snapshot } = input;

  const optOuts = new Map<string, Map<string, Set<Channel>>>();
  for (const c of input.campaigns) optOuts.set(c.id, await deps.storage.campaigns.optOuts(org.id, c.id));
  const optOutsOf = (campaignId: string, customerId: string): OptOuts => {
    const set = optOuts.get(campaignId)?.get(customerId);
    return { email: set?.has("email") ?? false, sms: set?.has("sms") ?? false };
  };

  // Who gets what: per recipient and channel, the campaigns of this run.
  const wanted = new Map<string, Job>();
  for (const campaign of input.campaigns) {
    for (const recipient of campaign.recipients) {
      const contact = input.contacts.get(recipient.customerId);
      if (!contact) continue;
      for (const channel of deliverableChannels(
        recipient,
        contact,
        org,
        optOutsOf(campaign.id, contact.id),
      )) {
        const combine = channel === "email" && org.enableCombinedQuoteCampaignsToSingleEmail;
        const jobKey = `${channel}\n${contact.id}${combine ? "" : `\n${campaign.id}`}`;
        const job = wanted.get(jobKey) ?? { channel, contact, items: [] };
        job.items.push(campaign);
        wanted.set(jobKey, job);
      }
    }
  }
  const keyOf = (campaignId: string, contactId: string, channel: Channel): SendKey => ({
    campaignId,
    runDate: input.runDate,
    recipientId: contactId,
    channel,
  });

  // Whether this run may send at all now.
  const at = now();
  const pricesDate = publishedTradingDay(input.runAt);
  const window = salesWindow(pricesDate, new Date(at));
  let skipReason: string | null = null;
  if (at - input.runAt > LATE_AFTER_MS && !window.open)
    skipReason = `missed: the server was down at the send time and the sales window of ${pricesDate} has closed`;
  else if (isStaleForCampaign(snapshot.asOf, at)) skipReason = "stale market data";

  const priced = new Map<string, PricedQuote | Error>();
  const priceFor = (campaign: RunCampaign, contact: RunContact): PricedQuote => {
    const cls = contact.farmerClassification ?? "Neither";
    const cacheKey = `${campaign.id}\n${cls}`;
    let p = priced.get(cacheKey);
    if (!p) {
      try {
        p = priceCampaignQuote(campaign.quote, snapshot, cls);
      } catch (error) {
        p = error instanceof Error ? error : new Error(String(error));
      }
      priced.set(cacheKey, p);
    }
    if (p instanceof Error) throw p;
    return p;
  };

  const finish = async (
    keys: SendKey[],
    status: "sent" | "failed" | "skipped",
    reason: string | null,
    providerId?: string,
  ) => {
    for (const key of keys) {
      if (await deps.storage.campaigns.finishSend(key, deps.owner, status, { reason, providerId }, now()))
        report[status] += 1;
    }
  };

  const runJob = async (job: Job) => {
    // SMS quiet hours: hold the text (unclaimed) until 8 am in the recipient's zone, if the window allows.
    if (job.channel === "sms" && !skipReason) {
      const zone = job.contact.timeZone ?? org.timeZone;
      if (!smsAllowedAt(now(), zone)) {
        const slot = nextSmsSlot(now(), zone);
        if (slot < window.cutoff.getTime()) {
          report.notMine += job.items.length;
          report.retryAt = report.retryAt === null ? slot : Math.min(report.retryAt, slot);
          return;
        }
      }
    }
    const claimed: { campaign: RunCampaign; key: SendKey }[] = [];
    for (const campaign of job.items) {
      const key = keyOf(campaign.id, job.contact.id, job.channel);
      const state = await deps.storage.campaigns.claimSend(key, org.id, deps.owner, now(), now() + leaseMs);
      if (state === "claimed") claimed.push({ campaign, key });
      else report.notMine += 1;
    }
    if (claimed.length === 0) return;
    const keys = claimed.map((c) => c.key);
    if (skipReason) return finish(keys, "skipped", skipReason);
    if (job.channel === "sms" && !smsAllowedAt(now(), job.contact.timeZone ?? org.timeZone))
      return finish(
        keys,
        "skipped",
        "quiet hours: no texts before 8 am or from 9 pm, and the sales window closes before 8 am",
      );

    // A text carries a short link to its full quote (a storage error here leaves the claim to its lease).
    const shortUrl =
      job.channel === "sms"
        ? await createShortLink(
            deps.storage,
            {
              orgId: org.id,
              campaignId: claimed[0].campaign.id,
              customerId: job.contact.id,
              target: quotePageUrl(deps.baseUrl, claimed[0].campaign.id, claimed[0].campaign.quote),
            },
            deps.baseUrl,
            now(),
          )
        : null;
    // The send's key travels with the message, so the provider's callbacks find it (delivery-key.ts).
    const tracking = deliveryFields({
      orgId: org.id,
      runDate: input.runDate,
      recipientId: job.contact.id,
      channel: job.channel,
      campaignIds: claimed.map((c) => c.campaign.id),
    });
    const settledByCallback =
      job.channel === "email" ? deps.callbacks?.email === true : Boolean(deps.callbacks?.smsStatusUrl);
    let message: () => Promise<{ id: string }>;
    // Unsubscribe links act on e-mail only (texts say "Reply STOP") and expire (UNSUB1).
    const expires = linkExpiry(now());
    const linkTarget = (campaignId: string) =>
      ({ orgId: org.id, campaignId, customerId: job.contact.id, channel: "email", expires }) as const;
    try {
      const items: RenderItem[] = claimed.map(({ campaign }) => ({
        campaignName: campaign.name,
        priced: priceFor(campaign, job.contact),
        quoteUrl: quotePageUrl(deps.baseUrl, campaign.id, campaign.quote),
        unsubscribeUrl: deps.signer.url(deps.baseUrl, linkTarget(campaign.id)),
      }));
      if (job.channel === "email") {
        // The agency's logo from this server's address (an e-mail needs an absolute one).
        const logoUrl = org.logoPath ? `${deps.baseUrl}${org.logoPath}` : null;
        const mail = renderEmail({ ...org, logoUrl }, job.contact.name, items);
        const oneClick = `${deps.baseUrl}/api/unsubscribe?o=${encodeURIComponent(org.id)}&u=${encodeURIComponent(job.contact.id)}&e=${expires}&c=${claimed
          .map(
            ({ campaign }) =>
              `${encodeURIComponent(campaign.id)}.${deps.signer.sign(linkTarget(campaign.id))}`,
          )
          .join(",")}`;
        const headers = {
          "List-Unsubscribe": `<${oneClick}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          ...replyTo(org),
        };
        message = () =>
          deps.email.send({
            to: job.contact.email as string,
            ...mail,
            headers,
            fromName: org.name.replace(/\s+/g, " ").trim().slice(0, 200),
            ...(org.senderEmail ? { from: org.senderEmail } : {}),
            tracking,
          });
      } else {
        const body = renderSms(org.name, items[0], shortUrl ?? items[0].quoteUrl);
        const statusCallback = deps.callbacks?.smsStatusUrl
          ? `${deps.callbacks.smsStatusUrl}?${new URLSearchParams(tracking)}`
          : undefined;
        message = () =>
          deps.sms.send({
            to: job.contact.mobilePhone as string,
            body,
            from: org.smsFrom ?? null,
            ...(statusCallback ? { statusCallback } : {}),
          });
      }
    } catch (error) {
      return finish(
        keys,
        "failed",
        `could not price or render: ${error instanceof Error ? error.message : String(error)}`,
      );
    }

    let delay = retry.firstMs;
    for (let attempt = 1; ; attempt++) {
      try {
        const { id } = await message();
        await finish(keys, "sent", null, id);
        for (const key of keys) await deps.onSent?.(key);
        return;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (isPermanent(error)) {
          // The recipient's fault (a bounce, an invalid number): INVALID with the reason. The account's
          // (a refused key): this send fails, the recipient stays as they are.
          if (isRecipientFault(error))
            for (const { campaign } of claimed)
              report.invalid.push({
                campaignId: campaign.id,
                recipientId: job.contact.id,
                channel: job.channel,
                reason,
              });
          return finish(keys, "failed", reason);
        }
        // The request went out and the answer was lost: the provider may have the message. When its
        // callback will tell, wait for it rather than send a second copy (docs/campaigns.md).
        if (settledByCallback && error instanceof ProviderError && error.maybeAccepted) {
          for (const key of keys)
            if (
              await deps.storage.campaigns.markUncertain(
                key,
                deps.owner,
                now() + uncertainMs,
                `no answer from the provider, waiting for its delivery report: ${reason}`,
                now(),
              )
            )
              report.uncertain += 1;
          return;
        }
        if (attempt >= retry.attempts)
          return finish(keys, "failed", `gave up after ${attempt} attempts: ${reason}`);
        await sleep(delay);
        delay = Math.min(delay * 2, retry.maxMs);
      }
    }
  };

  const jobs = [...wanted.values()];
  let next = 0;
  const workers = Array.from({ length: Math.min(deps.concurrency ?? 16, jobs.length) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      try {
        await runJob(job);
      } catch (error) {
        // A storage error for one recipient: its claims stay and are retried when the lease ends.
        report.notMine += 1;
        void error;
      }
    }
  });
  await Promise.all(workers);
  return report;
}
