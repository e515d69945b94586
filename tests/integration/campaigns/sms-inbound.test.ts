import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { mountSmsInbound, twilioSignature } from "../../../sync-server/campaigns/sms-inbound";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";
import { writeSections } from "../../../sync-server/sync/doc-json";

// Twilio's inbound SMS webhook: the signature is Twilio's documented scheme (checked against Twilio's
// published example), a bad one changes nothing; STOP opts the number out of SMS for every campaign
// that texts it (the e-mail stays), START opts back in, HELP says who sends and how to stop.

const dir = mkdtempSync(join(tmpdir(), "rangeline-sms-inbound-"));
const storage = new SqliteStorage(join(dir, "s.sqlite"));
afterAll(async () => {
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});
const store = async (name: string, sections: Record<string, Record<string, unknown>>) => {
  const doc = new Y.Doc();
  writeSections(doc, sections);
  await storage.appendUpdate(name, Y.encodeStateAsUpdate(doc), "t");
};
const URL_ = "https://app.test/api/campaigns/sms/inbound";
const TOKEN = "test-auth-token";
const app = new Hono();
mountSmsInbound(app, { storage, authToken: TOKEN, url: () => URL_ });
const post = (params: Record<string, string>, signature = twilioSignature(TOKEN, URL_, params)) =>
  app.request("/api/campaigns/sms/inbound", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
    body: new URLSearchParams(params).toString(),
  });

describe("Twilio inbound SMS", () => {
  it("computes Twilio's published example signature", () => {
    expect(
      twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", {
        CallSid: "CA1234567890ABCDE",
        Caller: "+14158675310",
        Digits: "1234",
        From: "+14158675310",
        To: "+18005551212",
      }),
    ).toBe("GvWf1cFY/Q7PnoempGyD5oXAezc=");
  });

  it("STOP opts the number out of SMS; a forged request changes nothing; START opts back in; HELP", async () => {
    await store("org/o1", { settings: { name: "Prairie Insurance" } });
    await store("org/o1/customer/c1", { profile: { id: "c1", mobilePhone: "(515) 555-0101" } });
    await store("org/o1/customer/c2", { profile: { id: "c2", mobilePhone: "515-555-0199" } });
    await store("org/o1/campaign/k1", {
      recipients: {
        c1: { id: "c1", customerId: "c1", channels: ["email", "sms"], status: "ACTIVE" },
        c2: { id: "c2", customerId: "c2", channels: ["sms"], status: "ACTIVE" },
      },
    });
    const forged = await post({ From: "+15155550101", Body: "STOP" }, "AAAAAAAAAAAAAAAAAAAAAAAAAAA=");
    expect(forged.status).toBe(403);
    expect((await storage.campaigns.optOuts("o1", "k1")).size).toBe(0);

    const stop = await post({ From: "+15155550101", Body: " stop " });
    expect(stop.status).toBe(200);
    expect(await stop.text()).toContain("You are unsubscribed from these quote texts");
    const outs = await storage.campaigns.optOuts("o1", "k1");
    expect([...(outs.get("c1") ?? [])]).toEqual(["sms"]);
    expect(outs.has("c2")).toBe(false);

    const help = await post({ From: "+15155550101", Body: "HELP" });
    expect(await help.text()).toContain(
      "Quote texts from Prairie Insurance via Rangeline. Reply STOP to opt out.",
    );

    await post({ From: "+15155550101", Body: "START" });
    expect((await storage.campaigns.optOuts("o1", "k1")).size).toBe(0);
  });
});
