import type { Db } from "../storage/sql";

// --- Quote campaigns (docs/campaigns.md) ---------------------------------------------------
// The server's side of campaigns, written once for both databases (the same `Db` as every table module, sql.ts):
// - campaign_sends: the send log and the idempotency key campaign × run × recipient × channel. A row is
//   claimed with a lease (like job_runs) before the message is handed to a provider and finished as
//   sent, failed or skipped; a finished row is never claimed again, so a recipient gets each run once
//   across restarts and instances, and a crashed holder's row is taken over after its lease.
// - campaign_opt_outs: the authoritative unsubscribes (the campaign document is agent-writable; the
//   sender reads these, not the document).
// - campaign_sms_outbox: the texts of the embedded default SMS provider (no Twilio keys configured).
// - campaign_short_links: the short links texts carry (/q/{code} → the full quote page), until they expire.
// - campaign_resubscribe_requests / _counts: asks to receive an agency's e-mails again (UNSUB2,
//   resubscribe.ts): each confirmation link used once, and the asks per address and day.

/**
 * "uncertain": handed to a provider whose answer was lost (a timeout after the request went out): it may
 * have been accepted. Not claimed again until its lease ends, so a provider's callback can settle it
 * first (sender.ts, docs/campaigns.md).
 */
export type SendStatus = "claimed" | "uncertain" | "sent" | "failed" | "skipped";

export interface SendKey {
  campaignId: string;
  /** The run's send date in the organisation's zone. */
  runDate: string;
  recipientId: string;
  channel: "email" | "sms";
}

export interface SendRecord extends SendKey {
  orgId: string;
  status: SendStatus;
  attempts: number;
  reason: string | null;
  providerId: string | null;
  /** Epoch ms of the last change. */
  at: number;
}

export interface RunSummary {
  runDate: string;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
  lastAt: number;
}

export interface SmsOutboxRecord {
  id: string;
  createdAt: number;
  to: string;
  from: string;
  body: string;
}

export interface ShortLinkRecord {
  /** 12 letters and digits, random (unguessable). */
  code: string;
  orgId: string;
  campaignId: string;
  customerId: string;
  /** Where the link goes: the full quote page (the server's own origin). */
  target: string;
  createdAt: number;
  expiresAt: number;
}

/** An ask to receive an organisation's quote e-mails again, confirmed by the link e-mailed for it (UNSUB2). */
export interface ResubscribeRequest {
  /** Random, in the confirmation link. */
  id: string;
  orgId: string;
  /** The address asked for, trimmed and in lower case. */
  address: string;
  createdAt: number;
  expiresAt: number;
}

export interface CampaignStorage {
  /**
   * "claimed" when this owner holds the send now; "held" while another owner's lease runs; else the
   * finished state.
   */
  claimSend(
    key: SendKey,
    orgId: string,
    owner: string,
    now: number,
    leaseUntil: number,
  ): Promise<"claimed" | "held" | Exclude<SendStatus, "claimed">>;
  /** Ends a send this owner holds; false when it no longer holds it (its lease was taken over). */
  finishSend(
    key: SendKey,
    owner: string,
    status: "sent" | "failed" | "skipped",
    detail: { reason?: string | null; providerId?: string | null },
    now: number,
  ): Promise<boolean>;
  /**
   * A send this owner holds whose provider may have accepted it: not claimed again before `until`
   * (unless a callback settles it first). False when this owner no longer holds it.
   */
  markUncertain(key: SendKey, owner: string, until: number, reason: string, now: number): Promise<boolean>;
  /**
   * A provider's callback settles a send: to `status` (with the reason and the provider's id, when
   * given) if it is now in one of `from`; false when it is not (unknown, or in another state).
   */
  resolveSend(
    key: SendKey,
    to: { status: "sent" | "failed"; reason?: string | null; providerId?: string | null },
    from: readonly SendStatus[],
    now: number,
  ): Promise<boolean>;
  /** The log of one campaign, newest run first (optionally one run). */
  listSends(orgId: string, campaignId: string, runDate?: string, limit?: number): Promise<SendRecord[]>;
  /** Per run: counts by status, newest run first. */
  runSummaries(orgId: string, campaignId: string, limit?: number): Promise<RunSummary[]>;
  setOptOut(
    o: {
      orgId: string;
      campaignId: string;
      customerId: string;
      channel: "email" | "sms";
      optedOut: boolean;
      how: string;
    },
    at: number,
  ): Promise<void>;
  /** Opted-out channels by customer id for one campaign. */
  optOuts(orgId: string, campaignId: string): Promise<Map<string, Set<"email" | "sms">>>;
  putSmsOutbox(m: SmsOutboxRecord): Promise<void>;
  listSmsOutbox(limit: number): Promise<SmsOutboxRecord[]>;
  /** Stores a new short link; false when its code is taken (the caller draws another). */
  putShortLink(link: ShortLinkRecord): Promise<boolean>;
  /** The link of a code, expired or not (the caller decides); undefined when there is none. */
  shortLink(code: string): Promise<ShortLinkRecord | undefined>;
  /** Deletes the links expired before `before`; how many. */
  deleteExpiredShortLinks(before: number): Promise<number>;
  /** Every (campaign, customer) of an organisation opted out of e-mail. */
  emailOptOuts(orgId: string): Promise<{ campaignId: string; customerId: string }[]>;
  /** Counts one more ask for an address (its key) on a day (UTC date); the day's count after it. */
  countResubscribeAsk(addressKey: string, day: string): Promise<number>;
  putResubscribeRequest(r: ResubscribeRequest): Promise<void>;
  /**
   * Uses a request, once: the request when this call used it before its expiry; "used" when it was used
   * before, "expired" past `expiresAt`, undefined when there is none.
   */
  takeResubscribeRequest(
    id: string,
    now: number,
  ): Promise<ResubscribeRequest | "used" | "expired" | undefined>;
  /** Deletes the day counts before `day` and the requests expired before `before`. */
  pruneResubscribe(day: string, before: number): Promise<void>;
}

export const campaignSchemaSql = (t: { integer: string }): string => `
CREATE TABLE IF NOT EXISTS campaign_sends (
  campaign_id TEXT NOT NULL,
  run_date TEXT NOT NULL,
  recipient_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  org_id TEXT NOT NULL,
  status TEXT NOT NULL,
  owner TEXT NOT NULL,
  lease_until ${t.integer} NOT NULL,
  attempts ${t.integer} NOT NULL,
  reason TEXT,
  provider_id TEXT,
  at ${t.integer} NOT NULL,
  PRIMARY KEY (campaign_id, run_date, recipient_id, channel)
);
CREATE INDEX IF NOT EXISTS campaign_sends_by_org ON campaign_sends (org_id, campaign_id, run_date);
CREATE TABLE IF NOT EXISTS campaign_opt_outs (
  org_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  channel TEXT NOT NULL,
  opted_out ${t.integer} NOT NULL,
  how TEXT NOT NULL,
  at ${t.integer} NOT NULL,
  PRIMARY KEY (org_id, campaign_id, customer_id, channel)
);
CREATE TABLE IF NOT EXISTS campaign_sms_outbox (
  id TEXT PRIMARY KEY,
  created_at ${t.integer} NOT NULL,
  to_number TEXT NOT NULL,
  from_number TEXT NOT NULL,
  body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS campaign_short_links (
  code TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  target TEXT NOT NULL,
  created_at ${t.integer} NOT NULL,
  expires_at ${t.integer} NOT NULL
);
CREATE INDEX IF NOT EXISTS campaign_short_links_by_expiry ON campaign_short_links (expires_at);
CREATE TABLE IF NOT EXISTS campaign_resubscribe_requests (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL,
  address TEXT NOT NULL,
  created_at ${t.integer} NOT NULL,
  expires_at ${t.integer} NOT NULL,
  used_at ${t.integer}
);
CREATE INDEX IF NOT EXISTS campaign_resubscribe_requests_by_expiry ON campaign_resubscribe_requests (expires_at);
CREATE TABLE IF NOT EXISTS campaign_resubscribe_counts (
  address_key TEXT NOT NULL,
  day TEXT NOT NULL,
  n ${t.integer} NOT NULL,
  PRIMARY KEY (address_key, day)
);
`;

const CLAIM = `INSERT INTO campaign_sends (campaign_id, run_date, recipient_id, channel, org_id, status, owner, lease_until, attempts, at)
VALUES (?, ?, ?, ?, ?, 'claimed', ?, ?, 1, ?)
ON CONFLICT (campaign_id, run_date, recipient_id, channel) DO UPDATE
SET status = 'claimed', owner = excluded.owner, lease_until = excluded.lease_until, attempts = campaign_sends.attempts + 1, at = excluded.at
WHERE (campaign_sends.status = 'claimed' AND (campaign_sends.lease_until < excluded.at OR campaign_sends.owner = excluded.owner))
   OR (campaign_sends.status = 'uncertain' AND campaign_sends.lease_until < excluded.at)
RETURNING owner`;

const KEY_WHERE = "campaign_id = ? AND run_date = ? AND recipient_id = ? AND channel = ?";
const keyParams = (k: SendKey) => [k.campaignId, k.runDate, k.recipientId, k.channel];

interface SendRow {
  campaign_id: string;
  run_date: string;
  recipient_id: string;
  channel: "email" | "sms";
  org_id: string;
  status: SendStatus;
  attempts: number;
  reason: string | null;
  provider_id: string | null;
  at: number;
}

export function campaignTables(db: Db): CampaignStorage {
  return {
    async claimSend(
      key,
      orgId,
      owner,
      now,
      leaseUntil,
    ): Promise<"claimed" | "held" | Exclude<SendStatus, "claimed">> {
      const rows = await db.all<{ owner: string }>(CLAIM, [...keyParams(key), orgId, owner, leaseUntil, now]);
      if (rows[0]?.owner === owner) return "claimed";
      const state = await db.all<{ status: SendStatus }>(
        `SELECT status FROM campaign_sends WHERE ${KEY_WHERE}`,
        keyParams(key),
      );
      const status = state[0]?.status;
      if (status === undefined || status === "claimed") return "held";
      return status;
    },
    async markUncertain(key, owner, until, reason, now) {
      const changed = await db.run(
        `UPDATE campaign_sends SET status = 'uncertain', lease_until = ?, reason = ?, at = ? WHERE ${KEY_WHERE} AND owner = ? AND status = 'claimed'`,
        [until, reason, now, ...keyParams(key), owner],
      );
      return changed === 1;
    },
    async resolveSend(key, to, from, now) {
      if (from.length === 0) return false;
      const changed = await db.run(
        `UPDATE campaign_sends SET status = ?, reason = ?, provider_id = COALESCE(?, provider_id), at = ?
         WHERE ${KEY_WHERE} AND status IN (${from.map(() => "?").join(", ")})`,
        [to.status, to.reason ?? null, to.providerId ?? null, now, ...keyParams(key), ...from],
      );
      return changed === 1;
    },
    async finishSend(key, owner, status, detail, now) {
      const changed = await db.run(
        `UPDATE campaign_sends SET status = ?, reason = ?, provider_id = ?, at = ? WHERE ${KEY_WHERE} AND owner = ? AND status = 'claimed'`,
        [status, detail.reason ?? null, detail.providerId ?? null, now, ...keyParams(key), owner],
      );
      return changed === 1;
    },
    async listSends(orgId, campaignId, runDate, limit = 1000) {
      const rows = await db.all<SendRow>(
        `SELECT campaign_id, run_date, recipient_id, channel, org_id, status, attempts, reason, provider_id, at FROM campaign_sends
         WHERE org_id = ? AND campaign_id = ?${runDate ? " AND run_date = ?" : ""} ORDER BY run_date DESC, recipient_id, channel LIMIT ?`,
        runDate ? [orgId, campaignId, runDate, limit] : [orgId, campaignId, limit],
      );
      return rows.map((r) => ({
        campaignId: r.campaign_id,
        runDate: r.run_date,
        recipientId: r.recipient_id,
        channel: r.channel,
        orgId: r.org_id,
        status: r.status,
        attempts: Number(r.attempts),
        reason: r.reason,
        providerId: r.provider_id,
        at: Number(r.at),
      }));
    },
    async runSummaries(orgId, campaignId, limit = 60) {
      const rows = await db.all<{ run_date: string; status: SendStatus; n: number; last_at: number }>(
        `SELECT run_date, status, COUNT(*) AS n, MAX(at) AS last_at FROM campaign_sends WHERE org_id = ? AND campaign_id = ?
         GROUP BY run_date, status ORDER BY run_date DESC`,
        [orgId, campaignId],
      );
      const byRun = new Map<string, RunSummary>();
      for (const r of rows) {
        const s = byRun.get(r.run_date) ?? {
          runDate: r.run_date,
          sent: 0,
          failed: 0,
          skipped: 0,
          pending: 0,
          lastAt: 0,
        };
        const n = Number(r.n);
        if (r.status === "sent") s.sent += n;
        else if (r.status === "failed") s.failed += n;
        else if (r.status === "skipped") s.skipped += n;
        else s.pending += n; // claimed, or uncertain until a callback or its lease settles it
        s.lastAt = Math.max(s.lastAt, Number(r.last_at));
        byRun.set(r.run_date, s);
      }
      return [...byRun.values()].slice(0, limit);
    },
    async setOptOut(o, at) {
      await db.run(
        `INSERT INTO campaign_opt_outs (org_id, campaign_id, customer_id, channel, opted_out, how, at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (org_id, campaign_id, customer_id, channel) DO UPDATE SET opted_out = excluded.opted_out, how = excluded.how, at = excluded.at`,
        [o.orgId, o.campaignId, o.customerId, o.channel, o.optedOut ? 1 : 0, o.how, at],
      );
    },
    async optOuts(orgId, campaignId) {
      const rows = await db.all<{ customer_id: string; channel: "email" | "sms" }>(
        "SELECT customer_id, channel FROM campaign_opt_outs WHERE org_id = ? AND campaign_id = ? AND opted_out = 1",
        [orgId, campaignId],
      );
      const map = new Map<string, Set<"email" | "sms">>();
      for (const r of rows) map.set(r.customer_id, (map.get(r.customer_id) ?? new Set()).add(r.channel));
      return map;
    },
    async putSmsOutbox(m) {
      await db.run(
        "INSERT INTO campaign_sms_outbox (id, created_at, to_number, from_number, body) VALUES (?, ?, ?, ?, ?)",
        [m.id, m.createdAt, m.to, m.from, m.body],
      );
    },
    async listSmsOutbox(limit) {
      const rows = await db.all<{
        id: string;
        created_at: number;
        to_number: string;
        from_number: string;
        body: string;
      }>(
        "SELECT id, created_at, to_number, from_number, body FROM campaign_sms_outbox ORDER BY created_at DESC, id DESC LIMIT ?",
        [limit],
      );
      return rows.map((r) => ({
        id: r.id,
        createdAt: Number(r.created_at),
        to: r.to_number,
        from: r.from_number,
        body: r.body,
      }));
    },
    async putShortLink(l) {
      const changed = await db.run(
        `INSERT INTO campaign_short_links (code, org_id, campaign_id, customer_id, target, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`,
        [l.code, l.orgId, l.campaignId, l.customerId, l.target, l.createdAt, l.expiresAt],
      );
      return changed === 1;
    },
    async shortLink(code) {
      const [r] = await db.all<{
        code: string;
        org_id: string;
        campaign_id: string;
        customer_id: string;
        target: string;
        created_at: number;
        expires_at: number;
      }>(
        "SELECT code, org_id, campaign_id, customer_id, target, created_at, expires_at FROM campaign_short_links WHERE code = ?",
        [code],
      );
      return r
        ? {
            code: r.code,
            orgId: r.org_id,
            campaignId: r.campaign_id,
            customerId: r.customer_id,
            target: r.target,
            createdAt: Number(r.created_at),
            expiresAt: Number(r.expires_at),
          }
        : undefined;
    },
    async deleteExpiredShortLinks(before) {
      return db.run("DELETE FROM campaign_short_links WHERE expires_at < ?", [before]);
    },
    async emailOptOuts(orgId) {
      const rows = await db.all<{ campaign_id: string; customer_id: string }>(
        "SELECT campaign_id, customer_id FROM campaign_opt_outs WHERE org_id = ? AND channel = 'email' AND opted_out = 1 ORDER BY campaign_id, customer_id",
        [orgId],
      );
      return rows.map((r) => ({ campaignId: r.campaign_id, customerId: r.customer_id }));
    },
    async countResubscribeAsk(addressKey, day) {
      const [row] = await db.all<{ n: number }>(
        `INSERT INTO campaign_resubscribe_counts (address_key, day, n) VALUES (?, ?, 1)
         ON CONFLICT (address_key, day) DO UPDATE SET n = campaign_resubscribe_counts.n + 1 RETURNING n`,
        [addressKey, day],
      );
      return Number(row?.n);
    },
    async putResubscribeRequest(r) {
      await db.run(
        "INSERT INTO campaign_resubscribe_requests (id, org_id, address, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
        [r.id, r.orgId, r.address, r.createdAt, r.expiresAt],
      );
    },
    async takeResubscribeRequest(id, now) {
      const used = await db.run(
        "UPDATE campaign_resubscribe_requests SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at >= ?",
        [now, id, now],
      );
      const [r] = await db.all<{
        id: string;
        org_id: string;
        address: string;
        created_at: number;
        expires_at: number;
        used_at: number | null;
      }>(
        "SELECT id, org_id, address, created_at, expires_at, used_at FROM campaign_resubscribe_requests WHERE id = ?",
        [id],
      );
      if (!r) return undefined;
      if (used !== 1) return r.used_at !== null ? "used" : "expired";
      return {
        id: r.id,
        orgId: r.org_id,
        address: r.address,
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
      };
    },
    async pruneResubscribe(day, before) {
      await db.run("DELETE FROM campaign_resubscribe_counts WHERE day < ?", [day]);
      await db.run("DELETE FROM campaign_resubscribe_requests WHERE expires_at < ?", [before]);
    },
  };
}

// --- end of quote campaigns ---------------------------------------------------------------------------
