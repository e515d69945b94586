import { createPublicKey, type KeyObject, timingSafeEqual, verify } from "node:crypto";
import type { Hono } from "hono";
import type { Channel } from "../../shared/documents/campaign";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { type DeliveryKey, deliveryKeyOf, sendKeysOf } from "./delivery-key";
import { twilioSignature } from "./sms-inbound";
import type { SendStatus } from "./tables";

// Delivery results after a provider accepted a message (docs/campaigns.md), each settling the send log's rows
// of that message (the per-run log) and the recipient:
// - POST /api/campaigns/email/events — SendGrid's signed Event Webhook: a JSON array of events, signed
//   with ECDSA (P-256, SHA-256) over the X-Twilio-Email-Event-Webhook-Timestamp header followed by the
//   raw body; the signature (base64 DER) in X-Twilio-Email-Event-Webhook-Signature, checked with the
//   account's verification key (SENDGRID_WEBHOOK_PUBLIC_KEY, base64 DER or PEM).
//   processed / deferred / delivered: the message was accepted (an uncertain send becomes sent);
//   bounce / dropped: the send fails with SendGrid's reason and the recipient becomes INVALID for e-mail;
//   spamreport / unsubscribe / group_unsubscribe: the recipient is unsubscribed from e-mail (the
//   authoritative campaign_opt_outs) and the log says why.
// - POST /api/campaigns/sms/status — Twilio's message status callback (form-encoded MessageSid,
//   MessageStatus, ErrorCode …), signed in X-Twilio-Signature (HMAC-SHA1 under the auth token of the URL
//   called — its query carries the send's key — and the sorted parameters). queued / sent / delivered:
//   accepted; undelivered / failed: the send fails with Twilio's error code (a number that cannot take
//   texts, 30005 / 30006, makes the recipient INVALID for SMS).
// A request without a signature is refused with 401, a wrong one (or one this server cannot check: no
// key or token configured) with 403; neither changes anything. Events for unknown sends are ignored.

/** Events older than this are refused as replays. */
const MAX_EVENT_AGE_S = 24 * 3600;

export interface DeliveryCallbackOptions {
  storage: Storage;
  /** SENDGRID_WEBHOOK_PUBLIC_KEY; without it every SendGrid event post is refused. */
  sendgridPublicKey: string | undefined;
  /** TWILIO_AUTH_TOKEN; without it every status callback is refused. */
  twilioAuthToken: string | undefined;
  /** The public URL of the status callback, without query (what Twilio signs, with the query). */
  smsStatusUrl: () => string;
  /** Writes recipients' new statuses into the campaign document (server.ts: the direct connection). */
  markRecipients?: (
    orgId: string,
    campaignId: string,
    changes: { recipientId: string; status: "INVALID" | "UNSUBSCRIBED"; reason: string }[],
  ) => Promise<void>;
  now?: () => number;
  log?: (message: string) => void;
}

/** SendGrid's verification key as a key object: base64 of the DER public key, or PEM. */
export function sendgridKey(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith("-----BEGIN")
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
}

const ACCEPTED_FROM: readonly SendStatus[] = ["claimed", "uncertain"];
const FAILED_FROM: readonly SendStatus[] = ["claimed", "uncertain", "sent"];
const TWILIO_BAD_NUMBER = new Set(["30005", "30006", "21211", "21614"]);

interface Outcome {
  kind: "accepted" | "failed" | "unsubscribed";
  reason?: string;
  providerId?: string;
  /** The recipient becomes INVALID for the channel. */
  invalid?: boolean;
}

export function mountDeliveryCallbacks(app: Hono, options: DeliveryCallbackOptions): void {
  const now = options.now ?? nowMs;
  let key: KeyObject | null | undefined;
  const publicKey = (): KeyObject | null => {
    if (key !== undefined) return key;
    try {
      key = options.sendgridPublicKey ? sendgridKey(options.sendgridPublicKey) : null;
    } catch {
      options.log?.("SENDGRID_WEBHOOK_PUBLIC_KEY is not a public key: SendGrid events are refused");
      key = null;
    }
    return key;
  };

  const apply = async (delivery: DeliveryKey, outcome: Outcome) => {
    const at = now();
    const channel: Channel = delivery.channel;
    const changed: string[] = [];
    for (const send of sendKeysOf(delivery)) {
      const ok =
        outcome.kind === "accepted"
          ? await options.storage.campaigns.resolveSend(
              send,
              {
                status: "sent",
                reason: "confirmed by the provider's delivery report (its answer to the send was lost)",
                providerId: outcome.providerId ?? null,
              },
              ACCEPTED_FROM,
              at,
            )
          : outcome.kind === "failed"
            ? await options.storage.campaigns.resolveSend(
                send,
                { status: "failed", reason: outcome.reason ?? null, providerId: outcome.providerId ?? null },
                FAILED_FROM,
                at,
              )
            : await options.storage.campaigns.resolveSend(
                send,
                { status: "sent", reason: outcome.reason ?? null },
                ["claimed", "uncertain", "sent"],
                at,
              );
      if (ok) changed.push(send.campaignId);
    }
    // The recipient's state follows only for sends this server made (a forged key finds none).
    for (const campaignId of changed) {
      if (outcome.kind === "unsubscribed") {
        await options.storage.campaigns.setOptOut(
          {
            orgId: delivery.orgId,
            campaignId,
            customerId: delivery.recipientId,
            channel,
            optedOut: true,
            how: outcome.reason ?? "provider",
          },
          at,
        );
        await options.markRecipients?.(delivery.orgId, campaignId, [
          {
            recipientId: delivery.recipientId,
            status: "UNSUBSCRIBED",
            reason: `${channel}: ${outcome.reason}`,
          },
        ]);
      } else if (outcome.kind === "failed" && outcome.invalid)
        await options.markRecipients?.(delivery.orgId, campaignId, [
          { recipientId: delivery.recipientId, status: "INVALID", reason: `${channel}: ${outcome.reason}` },
        ]);
    }
  };

  app.post("/api/campaigns/email/events", async (c) => {
    const signature = c.req.header("x-twilio-email-event-webhook-signature");
    const timestamp = c.req.header("x-twilio-email-event-webhook-timestamp");
    const raw = await c.req.text();
    if (!signature || !timestamp)
      return c.json({ error: "signature-missing", message: "The request is not signed by SendGrid." }, 401);
    const k = publicKey();
    let ok = false;
    try {
      ok =
        k !== null &&
        /^\d{1,12}$/.test(timestamp) &&
        Math.abs(now() / 1000 - Number(timestamp)) <= MAX_EVENT_AGE_S &&
        verify("sha256", Buffer.from(timestamp + raw, "utf8"), k, Buffer.from(signature, "base64"));
    } catch {
      ok = false;
    }
    if (!ok)
      return c.json({ error: "signature-invalid", message: "The request is not signed by SendGrid." }, 403);
    let events: unknown;
    try {
      events = JSON.parse(raw);
    } catch {
      return c.json({ error: "bad-request", message: "The body is not a JSON array of events." }, 400);
    }
    if (!Array.isArray(events))
      return c.json({ error: "bad-request", message: "The body is not a JSON array of events." }, 400);
    for (const event of events as Record<string, unknown>[]) {
      if (!event || typeof event !== "object") continue;
      const delivery = deliveryKeyOf(event);
      if (delivery?.channel !== "email") continue;
      const outcome = sendgridOutcome(event);
      if (outcome) await apply(delivery, outcome);
    }
    return c.body(null, 204);
  });

  app.post("/api/campaigns/sms/status", async (c) => {
    const given = c.req.header("x-twilio-signature");
    if (!given)
      return c.json({ error: "signature-missing", message: "The request is not signed by Twilio." }, 401);
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
    const query = new URL(c.req.url).search;
    const expected = options.twilioAuthToken
      ? twilioSignature(options.twilioAuthToken, `${options.smsStatusUrl()}${query}`, params)
      : "";
    const ok =
      expected !== "" &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!ok)
      return c.json({ error: "signature-invalid", message: "The request is not signed by Twilio." }, 403);
    const delivery = deliveryKeyOf(Object.fromEntries(new URLSearchParams(query)));
    if (delivery?.channel === "sms") {
      const outcome = twilioOutcome(params);
      if (outcome) await apply(delivery, outcome);
    }
    return c.body(null, 204);
  });
}

const text = (value: unknown): string =>
  typeof value === "string" ? value.replace(/\s+/g, " ").trim().slice(0, 300) : "";

function sendgridOutcome(event: Record<string, unknown>): Outcome | null {
  const providerId = text(event.sg_message_id) || undefined;
  switch (event.event) {
    case "processed":
    case "deferred":
    case "delivered":
      return { kind: "accepted", providerId };
    case "bounce": {
      const what = event.type === "blocked" ? "blocked" : "bounced";
      return {
        kind: "failed",
        invalid: true,
        providerId,
        reason: `${what} after SendGrid accepted it: ${text(event.reason) || "no reason given"}`,
      };
    }
    case "dropped":
      return {
        kind: "failed",
        invalid: true,
        providerId,
        reason: `dropped by SendGrid: ${text(event.reason) || "no reason given"}`,
      };
    case "spamreport":
      return { kind: "unsubscribed", reason: "reported as spam (SendGrid): unsubscribed from e-mail" };
    case "unsubscribe":
    case "group_unsubscribe":
      return { kind: "unsubscribed", reason: "unsubscribed through SendGrid" };
    default:
      return null; // open, click …: not delivery results
  }
}

function twilioOutcome(params: Record<string, string>): Outcome | null {
  const providerId = params.MessageSid || undefined;
  switch (params.MessageStatus) {
    case "accepted":
    case "queued":
    case "sending":
    case "sent":
    case "delivered":
      return { kind: "accepted", providerId };
    case "undelivered":
    case "failed": {
      const code = params.ErrorCode ?? "";
      return {
        kind: "failed",
        providerId,
        invalid: TWILIO_BAD_NUMBER.has(code),
        reason: `${params.MessageStatus} (Twilio${code ? ` error ${code}` : ""})`,
      };
    }
    default:
      return null;
  }
}
