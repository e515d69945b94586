import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedInstant } from "../../../shared/campaigns/zoned-time";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { outboxSmsSender } from "../../../sync-server/campaigns/providers";
import { type RunContact, type RunInput, sendRun } from "../../../sync-server/campaigns/sender";
import { unsubscribeSigner } from "../../../sync-server/campaigns/unsubscribe-link";
import { smtpSender } from "../../../sync-server/outbound/email";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";

// A campaign run through the real SMTP adapter (nodemailer) to a real SMTP server on loopback
// (smtp-server), which receives each message: 3 recipients → exactly 3 messages, with the RFC 8058
// headers; an address the server refuses (550) comes back as an invalid recipient, the others still sent.

interface Received {
  to: string[];
  raw: string;
}

describe("campaign e-mail through SMTP", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;
  const dir = mkdtempSync(join(tmpdir(), "rangeline-campaign-smtp-"));
  const storage = new SqliteStorage(join(dir, "s.sqlite"));

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("gone@")) {
          const error = new Error("mailbox unavailable") as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            // Header lines unfolded (RFC 5322 folding): each header reads on one line.
            raw: Buffer.concat(chunks)
              .toString("utf8")
              .replace(/\r\n[ \t]+/g, " "),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const runAt = zonedInstant("2026-11-24", "07:00", "America/Chicago");
  const input = (emails: string[], orgOverrides: Partial<RunInput["org"]> = {}): RunInput => {
    const contacts = new Map<string, RunContact>(
      emails.map((email, i) => [`c${i}`, { id: `c${i}`, name: `Producer ${i}`, email }]),
    );
    return {
      org: {
        id: "o1",
        name: "Prairie Insurance",
        primaryColor: "#2b6cb0",
        senderEmail: "quotes@prairie.test",
        addressLine1: "1 Main St",
        city: "Ames",
        state: "IA",
        zip: "50010",
        timeZone: "America/Chicago",
        enableCombinedQuoteCampaignsToSingleEmail: true,
        ...orgOverrides,
      },
      runDate: "2026-11-24",
      runAt,
      snapshot: generateSampleSnapshot("2026-11-23"),
      contacts,
      campaigns: [
        {
          id: `k-${emails.length}`,
          name: "Morning LRP",
          quote: {
            plan: "lrp",
            commodity: "0801",
            type: "809",
            endorsementLengthsWeeks: [13, 26],
            head: 100,
            targetWeightCwt: 5.5,
            levelSelection: "TOP",
          },
          recipients: [...contacts.keys()].map((id) => ({
            id,
            customerId: id,
            channels: ["email"],
            status: "ACTIVE",
          })),
        },
      ],
    };
  };
  const deps = () => ({
    storage,
    owner: "i1",
    email: smtpSender({ url: `smtp://127.0.0.1:${port}`, from: "campaigns@rangeline.test" }),
    sms: outboxSmsSender(storage, "+15550000000"),
    signer: unsubscribeSigner(new Uint8Array(32).fill(3)),
    baseUrl: "https://app.test",
    now: () => runAt + 60_000,
    sleep: async () => {},
    retry: { firstMs: 1, maxMs: 2, attempts: 2 },
  });

  it("3 recipients: exactly 3 messages arrive, each with List-Unsubscribe and One-Click", async () => {
    const report = await sendRun(input(["a@ranch.test", "b@ranch.test", "c@ranch.test"]), deps());
    expect(report.sent).toBe(3);
    expect(received.map((r) => r.to[0]).sort()).toEqual(["a@ranch.test", "b@ranch.test", "c@ranch.test"]);
    for (const r of received) {
      expect(r.raw).toMatch(
        /^List-Unsubscribe: <https:\/\/app\.test\/api\/unsubscribe\?o=o1&u=c\d&e=\d+&c=/m,
      );
      expect(r.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      // From the organisation's senderEmail (not the server's EMAIL_FROM); no Reply-To needed.
      expect(r.raw).toMatch(/^From: "?Prairie Insurance"? <quotes@prairie\.test>/m);
      expect(r.raw).not.toMatch(/^Reply-To:/m);
      expect(r.raw).toContain("Content-Type: text/html");
      expect(r.raw).toContain("Content-Type: text/plain");
    }
    expect((await sendRun(input(["a@ranch.test", "b@ranch.test", "c@ranch.test"]), deps())).sent).toBe(0);
    expect(received).toHaveLength(3);
  });

  it("an address the server refuses is reported invalid; the others are sent", async () => {
    received.length = 0;
    const report = await sendRun(
      input(["x@ranch.test", "gone@ranch.test", "y@ranch.test", "z@ranch.test"]),
      deps(),
    );
    expect(report.sent).toBe(3);
    expect(report.failed).toBe(1);
    expect(report.invalid).toHaveLength(1);
    expect(report.invalid[0]).toMatchObject({ recipientId: "c1", channel: "email" });
    expect(received).toHaveLength(3);
  });

  it("without a senderEmail: From EMAIL_FROM, Reply-To the organisation's contact address", async () => {
    received.length = 0;
    const report = await sendRun(
      input(["d@ranch.test"], { senderEmail: null, email: "office@prairie.test" }),
      deps(),
    );
    expect(report.sent).toBe(1);
    expect(received[0].raw).toMatch(/^From: "?Prairie Insurance"? <campaigns@rangeline\.test>/m);
    expect(received[0].raw).toMatch(/^Reply-To: office@prairie\.test/m);
  });
});
