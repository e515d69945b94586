import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import { defaultLrpCampaignQuote } from "../../../shared/documents/campaign";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import {
  type RunContact,
  type RunInput,
  type SenderDeps,
  sendRun,
} from "../../../sync-server/campaigns/sender";
import { unsubscribeSigner } from "../../../sync-server/campaigns/unsubscribe-link";
import { sendgridSender } from "../../../sync-server/outbound/email";
import { ProviderError } from "../../../sync-server/outbound/provider-error";
import { e164, twilioSender } from "../../../sync-server/outbound/sms";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";

// The real SDKs (@sendgrid/mail, twilio) against one HTTP server on loopback standing in for SendGrid's
// v3 mail send API and Twilio's Messages API. The server checks what the SDKs send (path, credentials,
// body) and answers as the providers do: 202 / 201, a 400 with the provider's error, a 401, a 5xx, or no
// answer at all (a timeout). A refused recipient becomes INVALID with the provider's reason; a 5xx or a
// timeout is retried after 1 s doubling to 30 s; a refused key fails the send without blaming the
// recipient, and never shows the key.

const SENDGRID_KEY = "SG.test-key-do-not-print.abcdef";
const TWILIO_SID = `AC${"0123456789abcdef".repeat(2)}`;
const TWILIO_TOKEN = "twilio-token-do-not-print";

interface Seen {
  provider: "sendgrid" | "twilio";
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Answer = { status: number; body: unknown } | "hang";

describe("campaign providers through the real SDKs against a local HTTP stand-in", () => {
  const seen: Seen[] = [];
  /** What the stand-in answers, by recipient (e-mail address or phone number); default: accepted. */
  const script = new Map<string, Answer[]>();
  let server: Server;
  let base = "";
  const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-providers-"));
  const storage = new SqliteStorage(join(dir, "s.sqlite"));
  let sidSeq = 0;

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = req.url ?? "";
    const provider = path.startsWith("/v3/") ? "sendgrid" : "twilio";
    seen.push({
      provider,
      path,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body,
    });
    let recipient = "";
    if (provider === "sendgrid") recipient = JSON.parse(body).personalizations?.[0]?.to?.[0]?.email ?? "";
    else recipient = new URLSearchParams(body).get("To") ?? "";
    const answer = script.get(recipient)?.shift();
    if (answer === "hang") return; // never answers: the SDK's timeout
    if (answer) {
      res.writeHead(answer.status, { "content-type": "application/json" });
      return res.end(JSON.stringify(answer.body));
    }
    if (provider === "sendgrid") {
      res.writeHead(202, { "x-message-id": `sg-${seen.length}` });
      return res.end();
    }
    res.writeHead(201, { "content-type": "application/json" });
    res.end(JSON.stringify({ sid: `SM${String(++sidSeq).padStart(32, "0")}`, status: "queued" }));
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen.length = 0;
    script.clear();
  });

  // A generous timeout: the stand-in runs in this process, and a first send waits for the pricing of
  // the run; the test of a silent provider shortens it.
  const email = (timeoutMs = 3000) =>
    sendgridSender({ apiKey: SENDGRID_KEY, from: "quotes@rangeline.test", baseUrl: base, timeoutMs });
  const sms = () =>
    twilioSender({
      accountSid: TWILIO_SID,
      authToken: TWILIO_TOKEN,
      from: "+15550000001",
      baseUrl: base,
      timeoutMs: 3000,
    });

  const runAt = zonedInstant("2026-11-24", "09:00", "America/Chicago"); // inside SMS hours
  let seq = 0;
  const input = (
    people: { email?: string; phone?: string }[],
    smsFrom: string | null = null,
    orgOverrides: Partial<RunInput["org"]> = {},
  ): RunInput => {
    const tag = `r${++seq}`;
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
    return {
      org: {
        id: "o1",
        name: "Prairie Insurance",
        primaryColor: "#2b6cb0",
        senderEmail: "agency@prairie.test",
        addressLine1: "1 Main St",
        city: "Ames",
        state: "IA",
        zip: "50010",
        timeZone: "America/Chicago",
        enableSMSCampaigns: true,
        enableCombinedQuoteCampaignsToSingleEmail: true,
        smsFrom,
        ...orgOverrides,
      },
      runDate: "2026-11-24",
      runAt,
      snapshot: generateSampleSnapshot("2026-11-23"),
      contacts,
      campaigns: [
        {
          id: `${tag}-k`,
          name: "Morning LRP",
          quote: defaultLrpCampaignQuote(),
          recipients: [...contacts.entries()].map(([id, c]) => ({
            id,
            customerId: id,
            channels: [
              ...(c.email ? (["email"] as const) : []),
              ...(c.mobilePhone ? (["sms"] as const) : []),
            ],
            status: "ACTIVE" as const,
          })),
        },
      ],
    };
  };
  const sleeps: number[] = [];
  const deps = (extra: Partial<SenderDeps> = {}): SenderDeps => ({
    storage,
    owner: "i1",
    email: email(),
    sms: sms(),
    signer: unsubscribeSigner(new Uint8Array(32).fill(5)),
    baseUrl: "https://app.test",
    now: () => runAt + 60_000,
    // The back-off is recorded, not waited for (the default schedule: 1 s doubling to 30 s).
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });

  it("sends e-mail through SendGrid and texts through Twilio, with the requests the APIs expect", async () => {
    const report = await sendRun(
      input([{ email: "a@ranch.test" }, { email: "b@ranch.test", phone: "+15555550123" }], "+15550009999"),
      deps(),
    );
    expect(report).toMatchObject({ sent: 3, failed: 0, invalid: [] });

    const mails = seen.filter((s) => s.provider === "sendgrid");
    expect(mails.map((m) => JSON.parse(m.body).personalizations[0].to[0].email).sort()).toEqual([
      "a@ranch.test",
      "b@ranch.test",
    ]);
    for (const m of mails) {
      expect(m.path).toBe("/v3/mail/send");
      expect(m.authorization).toBe(`Bearer ${SENDGRID_KEY}`);
      expect(m.contentType).toMatch(/^application\/json/);
      const body = JSON.parse(m.body);
      // From the organisation's senderEmail; replies reach it without a Reply-To.
      expect(body.from).toEqual({ email: "agency@prairie.test", name: "Prairie Insurance" });
      expect(body.reply_to).toBeUndefined();
      expect(body.subject).toContain("Prairie Insurance");
      expect(body.content.map((c: { type: string }) => c.type)).toEqual(["text/plain", "text/html"]);
      expect(body.content[1].value).toContain("Unsubscribe");
      expect(body.headers["List-Unsubscribe"]).toMatch(
        /^<https:\/\/app\.test\/api\/unsubscribe\?o=o1&u=r\d+-c\d&e=\d+&c=/,
      );
      expect(body.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(body.headers["Reply-To"]).toBeUndefined();
    }

    const texts = seen.filter((s) => s.provider === "twilio");
    expect(texts).toHaveLength(1);
    expect(texts[0].path).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
    expect(texts[0].authorization).toBe(
      `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString("base64")}`,
    );
    expect(texts[0].contentType).toMatch(/^application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(texts[0].body);
    expect(form.get("To")).toBe("+15555550123");
    expect(form.get("From")).toBe("+15550009999"); // the organisation's own number
    expect(form.get("Body")).toContain("Prairie Insurance");
  });

  it("without a senderEmail: From the server's EMAIL_FROM, Reply-To the organisation's contact address", async () => {
    const report = await sendRun(
      input([{ email: "a@ranch.test" }], null, { senderEmail: null, email: "office@prairie.test" }),
      deps(),
    );
    expect(report.sent).toBe(1);
    const body = JSON.parse(seen[0].body);
    expect(body.from).toEqual({ email: "quotes@rangeline.test", name: "Prairie Insurance" });
    expect(body.reply_to).toEqual({ email: "office@prairie.test" });
    expect(body.headers["Reply-To"]).toBeUndefined();
  });

  it("a senderEmail SendGrid has not verified fails the send, says so, and does not blame the recipient", async () => {
    script.set("a@ranch.test", [
      {
        status: 403,
        body: {
          errors: [
            {
              message: "The from address does not match a verified Sender Identity.",
              field: "from",
            },
          ],
        },
      },
    ]);
    const report = await sendRun(input([{ email: "a@ranch.test" }]), deps());
    expect(report).toMatchObject({ sent: 0, failed: 1, invalid: [] });
    expect(seen).toHaveLength(1); // not retried
    const [log] = await storage.campaigns.listSends("o1", `r${seq}-k`);
    expect(log.reason).toContain("SendGrid refused the sender address agency@prairie.test");
    expect(log.reason).toContain("verified Sender Identity");
  });

  it("a refused address or number becomes INVALID with the provider's reason; the others are sent", async () => {
    script.set("gone@ranch.test", [
      {
        status: 400,
        body: {
          errors: [{ message: "Does not contain a valid address.", field: "personalizations.0.to.0.email" }],
        },
      },
    ]);
    script.set("+15555550100", [
      {
        status: 400,
        body: {
          code: 21211,
          message: "The 'To' number +15555550100 is not a valid phone number.",
          more_info: "https://www.twilio.com/docs/errors/21211",
          status: 400,
        },
      },
    ]);
    const report = await sendRun(
      input([{ email: "ok@ranch.test" }, { email: "gone@ranch.test" }, { phone: "+15555550100" }]),
      deps(),
    );
    expect(report.sent).toBe(1);
    expect(report.failed).toBe(2);
    const byChannel = Object.fromEntries(report.invalid.map((i) => [i.channel, i.reason]));
    expect(byChannel.email).toBe(
      "SendGrid refused the message to gone@ranch.test (400: Does not contain a valid address. (personalizations.0.to.0.email)).",
    );
    expect(byChannel.sms).toBe(
      "Twilio refused the text to +15555550100 (400 21211: The 'To' number +15555550100 is not a valid phone number.).",
    );
    expect(seen).toHaveLength(3); // permanent: not retried
  });

  it("5xx and timeouts are retried after 1 s doubling to 30 s, then sent once", async () => {
    sleeps.length = 0;
    const busy = { status: 503, body: { errors: [{ message: "Service Unavailable" }] } };
    script.set("slow@ranch.test", [busy, "hang", busy, busy, busy, busy]);
    script.set("+15555550124", [
      { status: 500, body: { code: 20500, message: "Internal Server Error", status: 500 } },
    ]);
    const report = await sendRun(
      input([{ email: "slow@ranch.test", phone: "+15555550124" }]),
      deps({ email: email(400) }),
    );
    expect(report).toMatchObject({ sent: 2, failed: 0, invalid: [] });
    const mails = seen.filter((s) => s.provider === "sendgrid");
    expect(mails).toHaveLength(7); // six refusals or silences, the seventh accepted
    expect(seen.filter((s) => s.provider === "twilio")).toHaveLength(2);
    expect(sleeps.filter((ms) => ms !== 1000).sort((a, b) => a - b)).toEqual([
      2000, 4000, 8000, 16000, 30_000,
    ]);
    expect(sleeps.filter((ms) => ms === 1000)).toHaveLength(2); // each channel's first wait
  });

  it("gives up after the last attempt and records why", async () => {
    sleeps.length = 0;
    const busy = { status: 502, body: {} };
    script.set(
      "down@ranch.test",
      Array.from({ length: 10 }, () => busy),
    );
    const report = await sendRun(input([{ email: "down@ranch.test" }]), deps());
    expect(report).toMatchObject({ sent: 0, failed: 1, invalid: [] });
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000, 30_000]);
  });

  it("a refused key fails the send without marking the recipient, and never shows the key", async () => {
    script.set("a@ranch.test", [
      {
        status: 401,
        body: { errors: [{ message: "The provided authorization grant is invalid, expired, or revoked" }] },
      },
    ]);
    script.set("+15555550125", [
      { status: 401, body: { code: 20003, message: "Authenticate", status: 401 } },
    ]);
    const report = await sendRun(input([{ email: "a@ranch.test", phone: "+15555550125" }]), deps());
    expect(report).toMatchObject({ sent: 0, failed: 2, invalid: [] });
    const errors: string[] = [];
    for (const send of [
      () => email().send({ to: "a@ranch.test", subject: "s", text: "t" }),
      () => sms().send({ to: "+15555550125", body: "b" }),
    ]) {
      script.set("a@ranch.test", [
        { status: 401, body: { errors: [{ message: `bad key ${SENDGRID_KEY}` }] } },
      ]);
      script.set("+15555550125", [
        { status: 403, body: { code: 20003, message: `bad ${TWILIO_TOKEN}`, status: 403 } },
      ]);
      const error = await send().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).fault).toBe("account");
      errors.push(String((error as Error).message), JSON.stringify(error));
    }
    for (const text of errors) {
      expect(text).not.toContain(SENDGRID_KEY);
      expect(text).not.toContain(TWILIO_TOKEN);
    }
  });

  it("texts the book's phone formats as E.164; a number that cannot get texts is the recipient's fault", async () => {
    const sent = await sms().send({ to: "(515) 555-0142 x12", body: "b" });
    expect(sent.id).toMatch(/^SM/);
    expect(new URLSearchParams(seen[0].body).get("To")).toBe("+15155550142");
    expect(e164("+44 20 7946 0958")).toBe("+442079460958");
    expect(e164("555-0100")).toBeNull();
    const error = await sms()
      .send({ to: "12", body: "b" })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).fault).toBe("recipient");
    expect(seen).toHaveLength(1);
  });

  it("refuses what is not one address or one E.164 number before calling the provider", async () => {
    await expect(email().send({ to: "two@a.test, b@c.test", subject: "s", text: "t" })).rejects.toThrow(
      'The recipient "two@a.test, b@c.test" is not one e-mail address.',
    );
    await expect(sms().send({ to: "555-0100", body: "b" })).rejects.toThrow(
      'The SMS recipient "555-0100" is not a phone number that can get texts (E.164: + and 7–15 digits).',
    );
    expect(seen).toHaveLength(0);
  });
});
