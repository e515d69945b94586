import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { RESUBSCRIBE_LINK_TTL_MS } from "../../../sync-server/campaigns/resubscribe";
import { storedDocumentJson } from "../../../sync-server/campaigns/stored-doc";
import { fixClockAt, nowMs, useSystemClock } from "../../../sync-server/clock";
import { writeSections } from "../../../sync-server/sync/doc-json";
import { startTestServer, type TestServer } from "../sync/harness";

// docs/hardening.md UNSUB2 (issue 40 §11), on a real server on loopback with the local outbox: a person
// who unsubscribed asks to receive an agency's quote e-mails again; the answer is the same whether or not
// the address is on a list; a confirmation e-mail goes out only for an address that unsubscribed, and
// only its signed link, once and within 24 hours, opts back in — e-mail only, an SMS STOP stays; at most
// 3 asks per address and day.

const ACCEPTED =
  "If this address receives quote e-mails from this agency and unsubscribed from them, a confirmation e-mail is on its way to it. Only its link opts you back in; it works for 24 hours. Nothing changes until you click it.";

describe("[UNSUB2] re-subscribing with a confirmation e-mail", () => {
  let server: TestServer;
  const store = async (name: string, sections: Record<string, Record<string, unknown>>) => {
    const doc = new Y.Doc();
    writeSections(doc, sections);
    await server.storage.appendUpdate(name, Y.encodeStateAsUpdate(doc), "test");
  };
  const ask = (email: string, orgId = "o-re") =>
    fetch(`${server.url}api/resubscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orgId, email }),
    });
  const confirm = (body: object) =>
    fetch(`${server.url}api/resubscribe/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const mailsTo = async (to: string) =>
    (await server.storage.platform.listOutbox(500)).filter((m) => m.to === to);
  /** The confirmation link's query from the e-mail to `to` (the newest). */
  const linkIn = async (to: string) => {
    await expect.poll(async () => (await mailsTo(to)).length).toBeGreaterThan(0);
    const [mail] = await mailsTo(to);
    const url = new URL(/https?:\/\/\S+/.exec(mail?.text ?? "")?.[0] ?? "");
    expect(url.pathname).toBe("/unsubscribe/resubscribe");
    return {
      orgId: url.searchParams.get("o") ?? "",
      request: url.searchParams.get("r") ?? "",
      sig: url.searchParams.get("sig") ?? "",
    };
  };
  const outs = async (campaignId: string, customerId: string) =>
    (await server.storage.campaigns.optOuts("o-re", campaignId)).get(customerId) ?? new Set();
  const optOut = (campaignId: string, customerId: string, channel: "email" | "sms") =>
    server.storage.campaigns.setOptOut(
      { orgId: "o-re", campaignId, customerId, channel, optedOut: true, how: "link" },
      Date.now(),
    );
  const recipient = (customerId: string, status: string) => ({
    id: customerId,
    customerId,
    channels: ["email", "sms"],
    status,
  });

  beforeAll(async () => {
    server = await startTestServer();
    await store("org/o-re", { settings: { name: "Prairie Insurance" } });
    const people = {
      ann: "Ann@Ranch.test",
      bob: "bob@ranch.test",
      cal: "cal@ranch.test",
      dee: "dee@ranch.test",
      eve: "eve@ranch.test",
    };
    for (const [id, email] of Object.entries(people))
      await store(`org/o-re/customer/${id}`, { profile: { id, name: id, email } });
    await store("org/o-re/campaign/k1", {
      recipients: {
        ann: recipient("ann", "UNSUBSCRIBED"),
        bob: recipient("bob", "ACTIVE"),
        eve: recipient("eve", "INVALID"),
      },
    });
    await store("org/o-re/campaign/k2", {
      recipients: { ann: recipient("ann", "UNSUBSCRIBED"), cal: recipient("cal", "UNSUBSCRIBED") },
    });
    await optOut("k1", "ann", "email");
    await optOut("k1", "ann", "sms");
    await optOut("k2", "ann", "email");
    await optOut("k2", "cal", "email");
    await optOut("k1", "dee", "email");
    await optOut("k1", "eve", "email");
  });
  afterAll(async () => {
    useSystemClock();
    await server?.stop();
  });

  it("the answer is the same for an address on no list, one not unsubscribed and one unsubscribed; only the last gets an e-mail", async () => {
    for (const email of ["nobody@ranch.test", "bob@ranch.test", " ANN@ranch.TEST "]) {
      const r = await ask(email);
      expect(r.status).toBe(202);
      expect(await r.json()).toEqual({ message: ACCEPTED });
    }
    // One ask at a time per instance: once Ann's e-mail is there, the two before it were handled.
    const link = await linkIn("ann@ranch.test");
    expect(await mailsTo("nobody@ranch.test")).toEqual([]);
    expect(await mailsTo("bob@ranch.test")).toEqual([]);
    const [mail] = await mailsTo("ann@ranch.test");
    expect(mail?.subject).toBe("Confirm: receive quote e-mails from Prairie Insurance again");
    expect(mail?.text).toContain("within 24 hours");
    expect(link.orgId).toBe("o-re");
    // Asking changes nothing.
    expect(await outs("k1", "ann")).toEqual(new Set(["email", "sms"]));
  });

  it("only the e-mailed link opts back in: once, for e-mail only, and the recipients are ACTIVE again", async () => {
    const link = await linkIn("ann@ranch.test");
    const forged = await confirm({ ...link, sig: link.sig.replace(/^./, (c) => (c === "A" ? "B" : "A")) });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      error: "link-invalid",
      message: "This confirmation link is not valid.",
    });
    const otherOrg = await confirm({ ...link, orgId: "o-other" });
    expect(otherOrg.status).toBe(403);
    expect(await outs("k1", "ann")).toEqual(new Set(["email", "sms"]));

    const done = await confirm(link);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ organisationName: "Prairie Insurance", campaigns: 2 });
    expect(await outs("k1", "ann")).toEqual(new Set(["sms"])); // the SMS STOP stays
    expect(await outs("k2", "ann")).toEqual(new Set());
    expect(await outs("k2", "cal")).toEqual(new Set(["email"])); // another address: untouched
    await expect
      .poll(async () => {
        const k1 = (await storedDocumentJson(server.storage, "org/o-re/campaign/k1")).recipients as Record<
          string,
          { status: string }
        >;
        const k2 = (await storedDocumentJson(server.storage, "org/o-re/campaign/k2")).recipients as Record<
          string,
          { status: string }
        >;
        return [k1.ann?.status, k1.bob?.status, k1.eve?.status, k2.ann?.status, k2.cal?.status];
      })
      .toEqual(["ACTIVE", "ACTIVE", "INVALID", "ACTIVE", "UNSUBSCRIBED"]);

    const again = await confirm(link);
    expect(again.status).toBe(410);
    expect((await again.json()).message).toBe(
      "This confirmation link has already been used: a link opts you back in once.",
    );
  });

  it("at most 3 asks per address and day, counted alike whether or not the address is on a list", async () => {
    const tooMany = {
      error: "too-many-asks",
      message:
        "At most 3 confirmation e-mails a day can be asked for one address. Use the link in one already sent, or ask again tomorrow (UTC).",
    };
    for (const email of ["eve@ranch.test", "stranger@ranch.test"]) {
      for (let i = 0; i < 3; i++) expect((await ask(i === 1 ? email.toUpperCase() : email)).status).toBe(202);
      const fourth = await ask(email);
      expect(fourth.status).toBe(429);
      expect(await fourth.json()).toEqual(tooMany);
      // Another organisation's page counts for the same address.
      expect((await ask(email, "o-elsewhere")).status).toBe(429);
    }
    // Eve is on a list: three e-mails, no more (the fourth ask was refused before any look-up).
    await expect.poll(async () => (await mailsTo("eve@ranch.test")).length).toBe(3);
    expect(await mailsTo("stranger@ranch.test")).toEqual([]);
  });

  it("a malformed ask or confirmation is refused with a sentence and changes nothing", async () => {
    const bad = await ask("not an address");
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(
      "Give the organisation and one e-mail address (at most 254 characters), like name@example.com.",
    );
    expect((await ask(`${"a".repeat(250)}@ranch.test`)).status).toBe(400);
    const malformed = await confirm({ orgId: "o-re", request: "x", sig: "%E0%A4%A" });
    expect(malformed.status).toBe(403);
    expect((await confirm({ orgId: "o-re" })).status).toBe(403);
  });
  it("a confirmation link expires after 24 hours and then changes nothing", async () => {
    expect((await ask("dee@ranch.test")).status).toBe(202);
    const link = await linkIn("dee@ranch.test");
    // Last in this file: the server's clock does not go back (its rate limits keep their times).
    fixClockAt(new Date(nowMs() + RESUBSCRIBE_LINK_TTL_MS + 1000));
    const late = await confirm(link);
    expect(late.status).toBe(410);
    expect((await late.json()).message).toBe(
      "This confirmation link has expired: links work for 24 hours. Ask for a new one on the re-subscribe page.",
    );
    expect(await outs("k1", "dee")).toEqual(new Set(["email"]));
  });
});
