import { createHmac, timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { storedDocumentJson } from "./stored-doc";

// Twilio's inbound SMS webhook (docs/campaigns.md): POST /api/campaigns/sms/inbound, form-encoded (From,
// Body, …), signed by Twilio in X-Twilio-Signature: base64 HMAC-SHA1 under the account's auth token of
// the full URL followed by each POST parameter's name and value, sorted by name. A bad or missing
// signature changes nothing (403). STOP (and Twilio's other opt-out words) marks the sender's number
// UNSUBSCRIBED for SMS in every campaign that texts it; START opts back in; HELP answers who is sending
// and how to stop. Replies are TwiML.

const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "OPTOUT", "REVOKE"]);
const START_WORDS = new Set(["START", "UNSTOP", "YES"]);

export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

const digits = (phone: string) => phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");

const twiml = (message: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${
    message
      ? `<Message>${message.replace(/[<>&]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;" })[c] as string)}</Message>`
      : ""
  }</Response>`;

export interface SmsInboundOptions {
  storage: Storage;
  /** TWILIO_AUTH_TOKEN; without it the webhook refuses every request. */
  authToken: string | undefined;
  /** The public URL Twilio calls (what it signs). */
  url: () => string;
  now?: () => number;
}

/** Every (org, campaign, customer) whose campaign texts this number. */
async function campaignsTexting(storage: Storage, phone: string) {
  const found: { orgId: string; campaignId: string; customerId: string; orgName: string }[] = [];
  const names = await storage.listDocuments("org/");
  const customers = new Map<string, boolean>();
  for (const name of names) {
    const m = /^org\/([^/]+)\/customer\/([^/]+)$/.exec(name);
    if (!m) continue;
    const profile = (await storedDocumentJson(storage, name)).profile as { mobilePhone?: string } | undefined;
    if (profile?.mobilePhone && digits(profile.mobilePhone) === phone) customers.set(`${m[1]}/${m[2]}`, true);
  }
  for (const name of names) {
    const m = /^org\/([^/]+)\/campaign\/([^/]+)$/.exec(name);
    if (!m) continue;
    const json = await storedDocumentJson(storage, name);
    const recipients = Object.values(
      (json.recipients ?? {}) as Record<string, { customerId?: string; channels?: string[] }>,
    );
    for (const r of recipients) {
      if (r.customerId && r.channels?.includes("sms") && customers.has(`${m[1]}/${r.customerId}`)) {
        const settings = (await storedDocumentJson(storage, `org/${m[1]}`)).settings as
          | { name?: string }
          | undefined;
        found.push({
          orgId: m[1],
          campaignId: m[2],
          customerId: r.customerId,
          orgName: settings?.name ?? "your agency",
        });
      }
    }
  }
  return found;
}

export function mountSmsInbound(app: Hono, options: SmsInboundOptions): void {
  app.post("/api/campaigns/sms/inbound", async (c) => {
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
    const given = c.req.header("x-twilio-signature") ?? "";
    const expected = options.authToken ? twilioSignature(options.authToken, options.url(), params) : "";
    const ok =
      expected !== "" &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!ok)
      return c.json({ error: "signature-invalid", message: "The request is not signed by Twilio." }, 403);
    const word = (params.Body ?? "").trim().toUpperCase();
    const phone = digits(params.From ?? "");
    const xml = (body: string | null) => c.body(twiml(body), 200, { "content-type": "text/xml" });
    if (STOP_WORDS.has(word) || START_WORDS.has(word)) {
      const optedOut = STOP_WORDS.has(word);
      const now = (options.now ?? nowMs)();
      for (const t of await campaignsTexting(options.storage, phone))
        await options.storage.campaigns.setOptOut(
          {
            orgId: t.orgId,
            campaignId: t.campaignId,
            customerId: t.customerId,
            channel: "sms",
            optedOut,
            how: optedOut ? "SMS STOP" : "SMS START",
          },
          now,
        );
      return xml(
        optedOut
          ? "You are unsubscribed from these quote texts and will get no more. Reply START to opt back in."
          : "You will receive these quote texts again. Reply STOP to opt out.",
      );
    }
    if (word === "HELP" || word === "INFO") {
      const names = [...new Set((await campaignsTexting(options.storage, phone)).map((t) => t.orgName))];
      return xml(
        `Quote texts from ${names.join(", ") || "your insurance agency"} via Rangeline. Reply STOP to opt out. Msg & data rates may apply.`,
      );
    }
    return xml(null);
  });
}
