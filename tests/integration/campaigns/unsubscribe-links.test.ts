import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type LinkTarget,
  linkExpiry,
  UNDO_WINDOW_MS,
  type UnsubscribeSigner,
  unsubscribeSigner,
} from "../../../sync-server/campaigns/unsubscribe-link";
import { startTestServer, type TestServer } from "../sync/harness";

// docs/hardening.md UNSUB1 (issue 40 §11), on a real server on loopback: a malformed percent-escape is
// a 403, not a 500 with a stack in the log; a link's signature covers its channel and expiry, so an
// e-mail's link cannot undo an SMS STOP, and opting back in needs the undo token of the page's own click
// moments ago, never the link alone. A link sent before UNSUB1 (no channel, no expiry) still unsubscribes
// its recipient from e-mail — never texts, never back in.

const INVALID = { error: "link-invalid", message: "This unsubscribe link is not valid." };

describe("[UNSUB1] unsubscribe links", () => {
  let server: TestServer;
  let signer: UnsubscribeSigner;
  let secret: Buffer;
  const lines: string[] = [];
  let n = 0;
  const target = (): LinkTarget => ({
    orgId: "demo",
    campaignId: "k-unsub",
    customerId: `cust-${++n}`,
    channel: "email",
    expires: linkExpiry(Date.now()),
  });
  const api = (t: LinkTarget) => `${server.url}api/unsubscribe/${t.orgId}/${t.campaignId}/${t.customerId}`;
  const post = (t: LinkTarget, body: object) =>
    fetch(api(t), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sig: signer.sign(t), channel: t.channel, expires: t.expires, ...body }),
    });
  const outs = async (t: LinkTarget) =>
    (await server.storage.campaigns.optOuts(t.orgId, t.campaignId)).get(t.customerId) ?? new Set();

  beforeAll(async () => {
    server = await startTestServer({}, { log: (message) => lines.push(message) });
    secret = Buffer.from(readFileSync(join(server.dataDir, "unsubscribe-secret"), "utf8").trim(), "base64");
    signer = unsubscribeSigner(secret);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("a malformed percent-escape in a one-click or the page's address is a 403 and logs nothing", async () => {
    const t = target();
    const sig = signer.sign(t);
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(" "));
    try {
      const oneClick = await fetch(
        `${server.url}api/unsubscribe?o=demo&u=${t.customerId}&e=${t.expires}&c=%E0%A4%A.${sig}`,
        { method: "POST", body: "List-Unsubscribe=One-Click" },
      );
      expect(oneClick.status).toBe(403);
      expect(await oneClick.json()).toEqual(INVALID);
      const page = await fetch(
        `${server.url}api/unsubscribe/demo/%E0%A4%A/${t.customerId}?ch=email&e=${t.expires}&sig=${sig}`,
      );
      expect(page.status).toBe(403);
    } finally {
      console.error = original;
    }
    expect(errors).toEqual([]);
    expect(lines.filter((l) => /request failed|URIError/.test(l))).toEqual([]);
  });

  it("an e-mail's link cannot touch texts: an SMS STOP stays, whatever the body says", async () => {
    const t = target();
    await server.storage.campaigns.setOptOut(
      { ...t, channel: "sms", optedOut: true, how: "SMS STOP" },
      Date.now(),
    );
    const asSms = await post(t, { channel: "sms", optedOut: false, sig: signer.sign(t) });
    expect(asSms.status).toBe(403);
    expect(await asSms.json()).toEqual(INVALID);
    const all = await post(t, { channel: "all", optedOut: false });
    expect(all.status).toBe(400);
    expect(await outs(t)).toEqual(new Set(["sms"]));
  });

  it("opting back in needs the undo of this page's own click; the link alone, or a second click, gives none", async () => {
    const t = target();
    const out = await post(t, { optedOut: true });
    expect(out.status).toBe(200);
    const first = (await out.json()) as { optedOut: object; undo?: string; channel: string };
    expect(first).toMatchObject({ channel: "email", optedOut: { email: true, sms: false } });
    expect(first.undo).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    // Clicking again (the person later, or anyone holding the forwarded e-mail) gives no undo.
    const again = (await (await post(t, { optedOut: true })).json()) as { undo?: string };
    expect(again.undo).toBeUndefined();
    const linkOnly = await post(t, { optedOut: false });
    expect(linkOnly.status).toBe(403);
    expect((await linkOnly.json()).error).toBe("consent-needed");
    const otherUndo = await post(target(), { optedOut: false, undo: first.undo });
    expect(otherUndo.status).toBe(403);
    expect(await outs(t)).toEqual(new Set(["email"]));
    const undone = await post(t, { optedOut: false, undo: first.undo });
    expect(undone.status).toBe(200);
    expect(await outs(t)).toEqual(new Set());
  });

  it("an undo lapses after 15 minutes; a link signed for another channel, customer or expiry does not verify", () => {
    const t = target();
    const at = 1_900_000_000_000;
    const undo = signer.undoToken(t, at);
    expect(signer.verifyUndo(t, undo, at + UNDO_WINDOW_MS)).toBe(true);
    expect(signer.verifyUndo(t, undo, at + UNDO_WINDOW_MS + 1)).toBe(false);
    expect(signer.verifyUndo(t, undo, at - 1)).toBe(false);
    expect(signer.verifyUndo({ ...t, channel: "sms" }, undo, at)).toBe(false);
    const sig = signer.sign(t);
    expect(signer.verify(t, sig, t.expires * 1000)).toBe("ok");
    expect(signer.verify(t, sig, t.expires * 1000 + 1)).toBe("expired");
    expect(signer.verify({ ...t, channel: "sms" }, sig, 0)).toBe("invalid");
    expect(signer.verify({ ...t, expires: t.expires + 1 }, sig, 0)).toBe("invalid");
  });

  it("an expired link changes nothing", async () => {
    const t = { ...target(), expires: Math.floor(Date.now() / 1000) - 60 };
    const expired = await post(t, { optedOut: true });
    expect(expired.status).toBe(403);
    expect((await expired.json()).message).toBe(
      "This unsubscribe link has expired: links work for 60 days after their e-mail. Use the link in a more recent e-mail.",
    );
    const oneClick = await fetch(
      `${server.url}api/unsubscribe?o=demo&u=${t.customerId}&e=${t.expires}&c=${t.campaignId}.${signer.sign(t)}`,
      { method: "POST", body: "List-Unsubscribe=One-Click" },
    );
    expect(oneClick.status).toBe(403);
    expect(await outs(t)).toEqual(new Set());
  });

  /** A link as the code before UNSUB1 made it: HMAC of organisation, campaign and customer, no expiry. */
  const oldForm = (t: LinkTarget) =>
    createHmac("sha256", secret)
      .update(`unsubscribe\n${t.orgId}\n${t.campaignId}\n${t.customerId}`)
      .digest("base64url");
  const oldPage = (t: LinkTarget, sig: string) => `${api(t)}?${new URLSearchParams({ sig })}`;
  const postOld = (t: LinkTarget, body: object) =>
    fetch(api(t), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sig: oldForm(t), ...body }),
    });

  it("an old-form link (sent before UNSUB1) still unsubscribes from e-mail on the page: no undo, never back in, never texts", async () => {
    const t = target();
    // What an e-mail sent before UNSUB1 carries: ?o=…&sig=… (no ch=, no e=).
    expect(oldForm(t)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await fetch(oldPage(t, oldForm(t)));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ channel: "email", optedOut: { email: false, sms: false } });
    const out = await postOld(t, { optedOut: true });
    expect(out.status).toBe(200);
    const body = (await out.json()) as { optedOut: object; undo?: string };
    expect(body.optedOut).toEqual({ email: true, sms: false });
    expect(body.undo).toBeUndefined();
    expect(await outs(t)).toEqual(new Set(["email"]));
    // Never back in: not with the link, not with an undo made for another link.
    const back = await postOld(t, { optedOut: false });
    expect(back.status).toBe(403);
    expect((await back.json()).error).toBe("consent-needed");
    const borrowed = await postOld(t, { optedOut: false, undo: signer.undoToken(target(), Date.now()) });
    expect(borrowed.status).toBe(403);
    expect(await outs(t)).toEqual(new Set(["email"]));
    // Never texts: an SMS STOP stays, and the old link cannot name the SMS channel.
    const phone = target();
    await server.storage.campaigns.setOptOut(
      { ...phone, channel: "sms", optedOut: true, how: "SMS STOP" },
      Date.now(),
    );
    const asSms = await postOld(phone, { optedOut: false, channel: "sms" });
    expect(asSms.status).toBe(403);
    expect(await outs(phone)).toEqual(new Set(["sms"]));
    // A signature for another customer, or a forged one, changes nothing.
    const other = target();
    const forged = await fetch(api(other), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sig: oldForm(t), optedOut: true }),
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual(INVALID);
    expect((await fetch(oldPage(other, oldForm(t)))).status).toBe(403);
    expect(await outs(other)).toEqual(new Set());
  });

  it("an old-form one-click (no e=) unsubscribes from e-mail; a bad signature among them changes nothing", async () => {
    const t = target();
    const second = { ...t, campaignId: "k-unsub-2" };
    const oneClick = (c: string) =>
      fetch(`${server.url}api/unsubscribe?o=demo&u=${t.customerId}&c=${c}`, {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
      });
    const bad = await oneClick(`${t.campaignId}.${oldForm(t)},${second.campaignId}.${oldForm(target())}`);
    expect(bad.status).toBe(403);
    expect(await outs(t)).toEqual(new Set());
    const ok = await oneClick(`${t.campaignId}.${oldForm(t)},${second.campaignId}.${oldForm(second)}`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ unsubscribed: [t.campaignId, second.campaignId] });
    expect(await outs(t)).toEqual(new Set(["email"]));
    expect(await outs(second)).toEqual(new Set(["email"]));
    // A new-form signature without its e= is not an old-form one.
    const fresh = target();
    const stripped = await fetch(
      `${server.url}api/unsubscribe?o=demo&u=${fresh.customerId}&c=${fresh.campaignId}.${signer.sign(fresh)}`,
      { method: "POST", body: "List-Unsubscribe=One-Click" },
    );
    expect(stripped.status).toBe(403);
    expect(await outs(fresh)).toEqual(new Set());
  });
});
