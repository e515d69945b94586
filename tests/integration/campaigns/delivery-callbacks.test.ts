import { createHmac, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import {
  type RunContact,
  type RunInput,
  type SenderDeps,
  sendRun,
} from "../../../sync-server/campaigns/sender";
import { storedDocumentJson } from "../../../sync-server/campaigns/stored-doc";
import { unsubscribeSigner } from "../../../sync-server/campaigns/unsubscribe-link";
import { sendgridSender } from "../../../sync-server/outbound/email";
import { twilioSender } from "../../../sync-server/outbound/sms";
import { writeSections } from "../../../sync-server/sync/doc-json";
import { startTestServer, type TestServer } from "../sync/harness";

// Delivery results after a provider accepted a message, on a real server on loopback: SendGrid's signed
// Event Webhook (ECDSA P-256 over timestamp + body, the key pair made here with node:crypto, the public
// half given to the server as SENDGRID_WEBHOOK_PUBLIC_KEY) and Twilio's status callback (HMAC-SHA1 of the
// URL and sorted parameters under TWILIO_AUTH_TOKEN, computed here). The messages go out through the real
// SDKs to a stand-in for both APIs on loopback, which records the custom_args and StatusCallback the
// server gave them. Unsigned and forged callbacks are refused and change nothing. And a send whose answer
// was lost (the stand-in takes the request and never answers) is not sent twice: it waits, uncertain,
// for the callback.

const TWILIO_TOKEN = "twilio-callback-token-test";
const TWILIO_SID = `AC${"0123456789abcdef".repeat(2)}`;
const keys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const forger = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const publicKeyBase64 = (keys.publicKey.export({ format: "der", type: "spki" }) as Buffer).toString("base64");

interface Seen {
  provider: "sendgrid" | "twilio";
  body: string;
}

describe("campaign delivery callbacks", () => {
  let server: TestServer;
  let stand: Server;
  let standBase = "";
  const seen: Seen[] = [];
  /** Recipients whose request the stand-in takes and never answers. */
  const hang = new Set<string>();
  let sid = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const provider = (req.url ?? "").startsWith("/v3/") ? "sendgrid" : "twilio";
    seen.push({ provider, body });
    const to =
      provider === "sendgrid"
        ? JSON.parse(body).personalizations[0].to[0].email
        : new URLSearchParams(body).get("To");
    if (hang.has(to)) return; // taken, never answered: the SDK times out
    if (provider === "sendgrid") {
      res.writeHead(202, { "x-message-id": `sgid-${seen.length}` });
      return res.end();
    }
    res.writeHead(201, { "content-type": "application/json" });
    res.end(JSON.stringify({ sid: `SM${String(++sid).padStart(32, "0")}`, status: "queued" }));
  };

  beforeAll(async () => {
    stand = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
    });
    await new Promise<void>((resolve) => stand.listen(0, "127.0.0.1", resolve));
    standBase = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    server = await startTestServer({
      SENDGRID_WEBHOOK_PUBLIC_KEY: publicKeyBase64,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
    });
  });
  afterAll(async () => {
    stand.closeAllConnections();
    await new Promise<void>((resolve) => stand.close(() => resolve()));
    await server.stop();
  });
  beforeEach(() => {
    seen.length = 0;
    hang.clear();
  });

  const statusUrl = () => `${server.url}api/campaigns/sms/status`;
  const nine = zonedInstant("2026-11-24", "09:00", "America/Chicago");
  let clock = nine + 60_000;
  let seq = 0;

  /** A run of one campaign to these people, and the campaign document the server keeps for it. */
  const fixture = async (people: { email?: string; phone?: string }[], runAt = nine) => {
    const tag = `d${++seq}`;
    clock = runAt + 60_000;
    const contacts = new Map<string, RunContact>(
      people.map((p, i) => [
        `${tag}-c${i}`,
        {
          id: `${tag}-c${i}`,
          name: `Producer ${i}`,
          email: p.email,
          mobilePhone: p.phone,
          smsConsent: p.phone ? { at: "2026-01-05T10:00:00Z" } : null,
        },
      ]),
    );
    const recipients = [...contacts.values()].map((c) => ({
      id: c.id,
      customerId: c.id,
      channels: [...(c.email ? (["email"] as const) : []), ...(c.mobilePhone ? (["sms"] as const) : [])],
      status: "ACTIVE" as const,
    }));
    const campaignId = `${tag}-k`;
    const doc = new Y.Doc();
    writeSections(doc, { recipients: Object.fromEntries(recipients.map((r) => [r.id, r])) });
    await server.storage.appendUpdate(`org/o1/campaign/${campaignId}`, Y.encodeStateAsUpdate(doc), "test");
    const input: RunInput = {
      org: {
        id: "o1",
        name: "Prairie Insurance",
        primaryColor: "#2b6cb0",
        senderEmail: "agency@prairie.test",
        addressLine1: "1 Main St",
        timeZone: "America/Chicago",
        enableSMSCampaigns: true,
        enableCombinedQuoteCampaignsToSingleEmail: true,
      },
      runDate: "2026-11-24",
      runAt,
      snapshot: generateSampleSnapshot("2026-11-23"),
      contacts,
      campaigns: [{ id: campaignId, name: "Morning LRP", quote: defaultLrpCampaignQuote(), recipients }],
    };
    return { tag, campaignId, input };
  };

  const deps = (extra: Partial<SenderDeps> = {}): SenderDeps => ({
    storage: server.storage,
    owner: "i1",
    email: sendgridSender({
      apiKey: "SG.key",
      from: "quotes@rangeline.test",
      baseUrl: standBase,
      timeoutMs: 1500,
    }),
    sms: twilioSender({
      accountSid: TWILIO_SID,
      authToken: TWILIO_TOKEN,
      from: "+15550000001",
      baseUrl: standBase,
      timeoutMs: 1500,
    }),
    signer: unsubscribeSigner(new Uint8Array(32).fill(4)),
    baseUrl: server.url.replace(/\/$/, ""),
    now: () => clock,
    sleep: async () => {},
    callbacks: { email: true, smsStatusUrl: statusUrl() },
    ...extra,
  });

  /** SendGrid's event post: each event carries the message's custom_args as top-level fields. */
  const postEvents = (events: object[], key: KeyObject | null = keys.privateKey, timestamp?: string) => {
    const body = JSON.stringify(events);
    const ts = timestamp ?? String(Math.floor(Date.now() / 1000));
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (key) {
      headers["X-Twilio-Email-Event-Webhook-Timestamp"] = ts;
      headers["X-Twilio-Email-Event-Webhook-Signature"] = sign(
        "sha256",
        Buffer.from(ts + body),
        key,
      ).toString("base64");
    }
    return fetch(`${server.url}api/campaigns/email/events`, { method: "POST", headers, body });
  };
  const customArgs = (to: string) => {
    const mail = seen.find((s) => s.provider === "sendgrid" && s.body.includes(to));
    return JSON.parse(mail?.body ?? "{}").custom_args as Record<string, string>;
  };

  /** Twilio's status callback to the URL it was given, signed as Twilio signs. */
  const postStatus = (url: string, params: Record<string, string>, token: string | null = TWILIO_TOKEN) => {
    const data = Object.keys(params)
      .sort()
      .reduce((acc, k) => acc + k + params[k], url);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (token) headers["X-Twilio-Signature"] = createHmac("sha1", token).update(data).digest("base64");
    return fetch(url, { method: "POST", headers, body: new URLSearchParams(params).toString() });
  };
  const callbackOf = (to: string) => {
    const text = seen.find((s) => s.provider === "twilio" && new URLSearchParams(s.body).get("To") === to);
    return new URLSearchParams(text?.body ?? "").get("StatusCallback") ?? "";
  };

  const sendsOf = async (campaignId: string) =>
    Object.fromEntries(
      (await server.storage.campaigns.listSends("o1", campaignId)).map((s) => [s.recipientId, s]),
    );
  const recipientsInDocument = async (campaignId: string) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const json = await storedDocumentJson(server.storage, `org/o1/campaign/${campaignId}`);
      const r = json.recipients as Record<string, { status: string; reason?: string }>;
      if (Object.values(r).some((x) => x.status !== "ACTIVE") || Date.now() > deadline) return r;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it("SendGrid events: bounce → failed and INVALID, spam report → unsubscribed; forged or unsigned → refused", async () => {
    const { tag, campaignId, input } = await fixture([
      { email: "a@ranch.test" },
      { email: "b@ranch.test" },
      { email: "c@ranch.test" },
    ]);
    expect((await sendRun(input, deps())).sent).toBe(3);
    const args = customArgs("b@ranch.test");
    expect(args).toEqual({
      rangeline_org: "o1",
      rangeline_run: "2026-11-24",
      rangeline_recipient: `${tag}-c1`,
      rangeline_channel: "email",
      rangeline_campaigns: campaignId,
    });
    const bounce = {
      email: "b@ranch.test",
      event: "bounce",
      type: "bounce",
      reason: "550 5.1.1 no such user",
      sg_message_id: "sgid-2.filter",
      timestamp: 1,
      ...args,
    };

    // Unsigned: 401; signed by another key, or an old timestamp: 403. Nothing changes.
    expect((await postEvents([bounce], null)).status).toBe(401);
    expect((await postEvents([bounce], forger.privateKey)).status).toBe(403);
    expect(
      (await postEvents([bounce], keys.privateKey, String(Math.floor(Date.now() / 1000) - 3 * 86400))).status,
    ).toBe(403);
    const tampered = await (async () => {
      const ts = String(Math.floor(Date.now() / 1000));
      const signed = JSON.stringify([{ ...bounce, event: "delivered" }]);
      return fetch(`${server.url}api/campaigns/email/events`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "X-Twilio-Email-Event-Webhook-Timestamp": ts,
          "X-Twilio-Email-Event-Webhook-Signature": sign(
            "sha256",
            Buffer.from(ts + signed),
            keys.privateKey,
          ).toString("base64"),
        },
        body: JSON.stringify([bounce]), // not what was signed
      });
    })();
    expect(tampered.status).toBe(403);
    expect(Object.values(await sendsOf(campaignId)).map((s) => s.status)).toEqual(["sent", "sent", "sent"]);

    const spam = { email: "c@ranch.test", event: "spamreport", timestamp: 2, ...customArgs("c@ranch.test") };
    const delivered = {
      email: "a@ranch.test",
      event: "delivered",
      timestamp: 3,
      ...customArgs("a@ranch.test"),
    };
    const open = { email: "a@ranch.test", event: "open", timestamp: 4, ...customArgs("a@ranch.test") };
    expect((await postEvents([bounce, spam, delivered, open])).status).toBe(204);

    const sends = await sendsOf(campaignId);
    expect(sends[`${tag}-c0`]).toMatchObject({ status: "sent", reason: null });
    expect(sends[`${tag}-c1`]).toMatchObject({
      status: "failed",
      reason: "bounced after SendGrid accepted it: 550 5.1.1 no such user",
    });
    expect(sends[`${tag}-c2`]).toMatchObject({ status: "sent" });
    expect(sends[`${tag}-c2`].reason).toContain("reported as spam");
    expect([...((await server.storage.campaigns.optOuts("o1", campaignId)).get(`${tag}-c2`) ?? [])]).toEqual([
      "email",
    ]);
    const doc = await recipientsInDocument(campaignId);
    expect(doc[`${tag}-c1`]).toMatchObject({
      status: "INVALID",
      reason: "email: bounced after SendGrid accepted it: 550 5.1.1 no such user",
    });
    expect(doc[`${tag}-c2`].status).toBe("UNSUBSCRIBED");
    expect(doc[`${tag}-c0`].status).toBe("ACTIVE");
    // The run's log (the agents' view) shows each result.
    const summary = await server.storage.campaigns.runSummaries("o1", campaignId);
    expect(summary[0]).toMatchObject({ sent: 2, failed: 1 });
    // A key for a send this server never made changes nothing.
    const made = { ...bounce, rangeline_recipient: "someone-else" };
    expect((await postEvents([made])).status).toBe(204);
    expect(await server.storage.campaigns.listSends("o1", campaignId)).toHaveLength(3);
  });

  it("Twilio status callbacks: failed and undelivered are recorded; unsigned or forged → refused", async () => {
    const { tag, campaignId, input } = await fixture([{ phone: "+15155550101" }, { phone: "+15155550102" }]);
    expect((await sendRun(input, deps())).sent).toBe(2);
    const first = callbackOf("+15155550101");
    expect(first.startsWith(`${statusUrl()}?`)).toBe(true);
    expect(new URL(first).searchParams.get("rangeline_recipient")).toBe(`${tag}-c0`);

    const failed = {
      MessageSid: "SM1",
      MessageStatus: "failed",
      ErrorCode: "30006",
      To: "+15155550101",
      AccountSid: TWILIO_SID,
    };
    expect((await postStatus(first, failed, null)).status).toBe(401);
    expect((await postStatus(first, failed, "not-the-token")).status).toBe(403);
    // The signature covers the URL's query: another recipient's key in it is a forgery.
    const other = first.replace(`${tag}-c0`, `${tag}-c1`);
    const forged = await fetch(other, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": createHmac("sha1", TWILIO_TOKEN)
          .update(
            Object.keys(failed)
              .sort()
              .reduce((acc, k) => acc + k + failed[k as keyof typeof failed], first),
          )
          .digest("base64"),
      },
      body: new URLSearchParams(failed).toString(),
    });
    expect(forged.status).toBe(403);
    expect(Object.values(await sendsOf(campaignId)).map((s) => s.status)).toEqual(["sent", "sent"]);

    expect((await postStatus(first, failed)).status).toBe(204);
    const second = callbackOf("+15155550102");
    expect(
      (await postStatus(second, { MessageSid: "SM2", MessageStatus: "undelivered", ErrorCode: "30003" }))
        .status,
    ).toBe(204);
    const sends = await sendsOf(campaignId);
    expect(sends[`${tag}-c0`]).toMatchObject({ status: "failed", reason: "failed (Twilio error 30006)" });
    expect(sends[`${tag}-c1`]).toMatchObject({
      status: "failed",
      reason: "undelivered (Twilio error 30003)",
    });
    // A landline (30006) cannot take texts: INVALID for SMS; 30003 (unreachable now) is only recorded.
    const doc = await recipientsInDocument(campaignId);
    expect(doc[`${tag}-c0`]).toMatchObject({ status: "INVALID", reason: "sms: failed (Twilio error 30006)" });
    expect(doc[`${tag}-c1`].status).toBe("ACTIVE");
  });

  it("a send whose answer was lost is not sent again: it waits for the callback, which settles it", async () => {
    const { tag, campaignId, input } = await fixture([
      { email: "slow@ranch.test" },
      { phone: "+15155550199" },
    ]);
    hang.add("slow@ranch.test");
    hang.add("+15155550199");
    const first = await sendRun(input, deps());
    expect(first).toMatchObject({ sent: 0, failed: 0, uncertain: 2 });
    expect(seen).toHaveLength(2); // one request each, not retried
    // Another instance (or the next look) a minute later sends nothing: the sends are uncertain.
    clock += 60_000;
    const again = await sendRun(input, deps({ owner: "i2" }));
    expect(again).toMatchObject({ sent: 0, uncertain: 0 });
    expect(seen).toHaveLength(2);
    expect(Object.values(await sendsOf(campaignId)).map((s) => s.status)).toEqual(["uncertain", "uncertain"]);
    expect((await server.storage.campaigns.runSummaries("o1", campaignId))[0]).toMatchObject({ pending: 2 });

    // The providers had them: SendGrid's "processed", Twilio's "sent" settle both as sent.
    expect(
      (
        await postEvents([
          {
            email: "slow@ranch.test",
            event: "processed",
            sg_message_id: "sg-late",
            ...customArgs("slow@ranch.test"),
          },
        ])
      ).status,
    ).toBe(204);
    expect(
      (await postStatus(callbackOf("+15155550199"), { MessageSid: "SM-late", MessageStatus: "sent" })).status,
    ).toBe(204);
    const sends = await sendsOf(campaignId);
    expect(sends[`${tag}-c0`]).toMatchObject({ status: "sent", providerId: "sg-late" });
    expect(sends[`${tag}-c1`]).toMatchObject({ status: "sent", providerId: "SM-late" });
    expect(sends[`${tag}-c0`].reason).toContain("confirmed by the provider's delivery report");

    // Long after the wait, nothing is sent again either: they are sent.
    hang.clear();
    clock += 20 * 60_000;
    expect(await sendRun(input, deps({ owner: "i3" }))).toMatchObject({ sent: 0, uncertain: 0 });
    expect(seen).toHaveLength(2);
  });

  it("with no callback within the wait, the send is retried once (at least once); without callbacks, at once", async () => {
    // A run at 7:00 Central: a resend 16 minutes later is still inside the 8:25 sales window.
    const seven = zonedInstant("2026-11-24", "07:00", "America/Chicago");
    const { campaignId, input } = await fixture([{ email: "lost@ranch.test" }], seven);
    hang.add("lost@ranch.test");
    expect(await sendRun(input, deps())).toMatchObject({ uncertain: 1 });
    hang.clear();
    clock += 5 * 60_000;
    expect(await sendRun(input, deps({ owner: "i2" }))).toMatchObject({ sent: 0 }); // still waiting
    clock += 11 * 60_000; // 16 minutes: past the 15-minute wait
    expect(await sendRun(input, deps({ owner: "i2" }))).toMatchObject({ sent: 1 });
    expect(seen.filter((s) => s.body.includes("lost@ranch.test"))).toHaveLength(2);
    expect((await server.storage.campaigns.listSends("o1", campaignId))[0]).toMatchObject({
      status: "sent",
      attempts: 2,
    });

    // A server that receives no callbacks for the channel retries at once, as before.
    const other = await fixture([{ email: "nocb@ranch.test" }], seven);
    hang.add("nocb@ranch.test");
    const retried = sendRun(
      other.input,
      deps({ callbacks: {}, retry: { firstMs: 1, maxMs: 1, attempts: 2 } }),
    );
    expect(await retried).toMatchObject({ failed: 1, uncertain: 0 });
    expect(seen.filter((s) => s.body.includes("nocb@ranch.test"))).toHaveLength(2);
  });
});
