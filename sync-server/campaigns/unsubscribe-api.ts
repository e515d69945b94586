import type { Context, Hono } from "hono";
import { z } from "zod";
import { documentName } from "../../shared/documents/names";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { storedDocumentJson } from "./stored-doc";
import {
  type LinkTarget,
  UNDO_WINDOW_MS,
  UNSUBSCRIBE_LINK_TTL_MS,
  type UnsubscribeSigner,
} from "./unsubscribe-link";

// The public unsubscribe endpoints (docs/campaigns.md; no sign-in: the signature is the proof; UNSUB1):
// - GET  /api/unsubscribe/{orgId}/{campaignId}/{customerId}?ch=&e=&sig=…  what the page shows (campaign,
//   organisation, the channels opted out, the link's channel);
// - POST /api/unsubscribe/{orgId}/{campaignId}/{customerId}  {sig, channel, expires, optedOut, undo?}:
//   the page's one click (for the link's own channel only), and its undo — opting back in needs the undo
//   token that click returned, within 15 minutes, never the link alone;
// - POST /api/unsubscribe?o=…&u=…&e=…&c=id.sig,id.sig  RFC 8058 one-click (List-Unsubscribe-Post), e-mail.
// A link sent before UNSUB1 (no `ch`, no `e`: GET ?sig=, POST {sig, optedOut}, one-click without e=)
// still unsubscribes from e-mail when its signature holds — never texts, never back in, no undo token.
// A bad signature, or any malformed part (a broken percent-escape too), changes nothing and answers 403
// "This unsubscribe link is not valid."; an expired link 403 with the sentence saying so.

// No line breaks: they separate the fields an HMAC covers.
const id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^\r\n]+$/);
const expires = z.coerce.number().int().positive().max(1e11);
const INVALID = { error: "link-invalid", message: "This unsubscribe link is not valid." } as const;
const EXPIRED = {
  error: "link-expired",
  message: `This unsubscribe link has expired: links work for ${UNSUBSCRIBE_LINK_TTL_MS / 86_400_000} days after their e-mail. Use the link in a more recent e-mail.`,
} as const;
const CONSENT_NEEDED = {
  error: "consent-needed",
  message: `An unsubscribe link cannot opt you back in: only an unsubscribe made on this page in the last ${UNDO_WINDOW_MS / 60_000} minutes can be undone here. To receive these e-mails again, ask for a confirmation e-mail.`,
} as const;

/** What a link acts on: the channel it covers and, for a link made before UNSUB1, that it is one. */
type Acting = Pick<LinkTarget, "orgId" | "campaignId" | "customerId" | "channel">;
type Found =
  | { refusal: typeof INVALID | typeof EXPIRED; t?: undefined }
  | { refusal?: undefined; t: LinkTarget; legacy: false }
  | { refusal?: undefined; t: Acting; legacy: true };

/** decodeURIComponent that answers null for a malformed escape instead of throwing. */
const decoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

export interface UnsubscribeApiOptions {
  storage: Storage;
  signer: UnsubscribeSigner;
  now?: () => number;
}

export function mountUnsubscribeApi(app: Hono, options: UnsubscribeApiOptions): void {
  const { storage, signer } = options;
  const now = options.now ?? nowMs;

  /** The link's target when its signature holds; otherwise the refusal to answer. */
  const target = (c: Context, link: { sig: unknown; channel?: unknown; expires?: unknown }): Found => {
    if (link.channel === undefined && link.expires === undefined) {
      // The form before UNSUB1: e-mail only, no expiry.
      const p = z
        .object({ orgId: id, campaignId: id, customerId: id, sig: z.string().max(100) })
        .safeParse({ ...c.req.param(), sig: link.sig });
      if (!p.success) return { refusal: INVALID };
      const { sig, ...ids } = p.data;
      if (!signer.verifyLegacy(ids, sig)) return { refusal: INVALID };
      return { t: { ...ids, channel: "email" }, legacy: true };
    }
    const p = z
      .object({
        orgId: id,
        campaignId: id,
        customerId: id,
        channel: z.enum(["email", "sms"]),
        expires,
        sig: z.string().max(100),
      })
      .safeParse({ ...c.req.param(), ...link });
    if (!p.success) return { refusal: INVALID };
    const { sig, ...t } = p.data;
    const check = signer.verify(t, sig, now());
    if (check !== "ok") return { refusal: check === "expired" ? EXPIRED : INVALID };
    return { t, legacy: false };
  };

  const pageState = async (t: Acting) => {
    const campaign = await storedDocumentJson(storage, documentName.campaign(t.orgId, t.campaignId));
    const org = await storedDocumentJson(storage, documentName.org(t.orgId));
    const section = campaign.campaign as { name?: string; quote?: { plan?: string } } | undefined;
    const settings = org.settings as { name?: string } | undefined;
    const outs = (await storage.campaigns.optOuts(t.orgId, t.campaignId)).get(t.customerId) ?? new Set();
    return {
      campaignName: section?.name ?? null,
      plan: section?.quote?.plan ?? null,
      organisationName: settings?.name ?? null,
      channel: t.channel,
      optedOut: { email: outs.has("email"), sms: outs.has("sms") },
    };
  };

  app.get("/api/unsubscribe/:orgId/:campaignId/:customerId", async (c) => {
    const found = target(c, {
      sig: c.req.query("sig"),
      channel: c.req.query("ch"),
      expires: c.req.query("e"),
    });
    if (found.refusal) return c.json(found.refusal, 403);
    return c.json(await pageState(found.t));
  });

  app.post("/api/unsubscribe/:orgId/:campaignId/:customerId", async (c) => {
    const body = z
      .strictObject({
        sig: z.string().max(100),
        channel: z.enum(["email", "sms"]).optional(),
        expires: expires.optional(),
        optedOut: z.boolean(),
        undo: z.string().max(100).optional(),
      })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return c.json(
        {
          error: "invalid-input",
          message: `The request is invalid: ${body.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`).join("; ")}`,
        },
        400,
      );
    const found = target(c, body.data);
    if (found.refusal) return c.json(found.refusal, 403);
    const at = now();
    const before = await pageState(found.t);
    if (!body.data.optedOut) {
      // Opting back in: only the undo of this page's own click, moments ago (the person's fresh consent).
      // A link made before UNSUB1 never gave one.
      const { undo } = body.data;
      if (found.legacy || !undo || !signer.verifyUndo(found.t, undo, at)) return c.json(CONSENT_NEEDED, 403);
      if (before.optedOut[found.t.channel])
        await storage.campaigns.setOptOut({ ...found.t, optedOut: false, how: "undone on the page" }, at);
      return c.json(await pageState(found.t));
    }
    if (before.optedOut[found.t.channel]) return c.json(before);
    await storage.campaigns.setOptOut(
      { ...found.t, optedOut: true, how: found.legacy ? "link (sent before UNSUB1)" : "link" },
      at,
    );
    const after = await pageState(found.t);
    return c.json(found.legacy ? after : { ...after, undo: signer.undoToken(found.t, at) });
  });

  app.post("/api/unsubscribe", async (c) => {
    const orgId = id.safeParse(c.req.query("o"));
    const customerId = id.safeParse(c.req.query("u"));
    // No e=: a link sent before UNSUB1 (signed without channel and expiry), e-mail all the same.
    const legacy = c.req.query("e") === undefined;
    const expiry = expires.safeParse(c.req.query("e"));
    const list = (c.req.query("c") ?? "").split(",").filter(Boolean);
    if (
      !orgId.success ||
      !customerId.success ||
      (!legacy && !expiry.success) ||
      list.length === 0 ||
      list.length > 50
    )
      return c.json(INVALID, 403);
    const pairs = list.map((entry) => {
      const dot = entry.lastIndexOf(".");
      return { campaignId: decoded(entry.slice(0, dot)), sig: entry.slice(dot + 1) };
    });
    const targets: LinkTarget[] = [];
    let expired = false;
    // Every signature must hold before anything changes.
    for (const p of pairs) {
      const campaignId = id.safeParse(p.campaignId);
      if (!campaignId.success || p.sig === "") return c.json(INVALID, 403);
      const t = {
        orgId: orgId.data,
        campaignId: campaignId.data,
        customerId: customerId.data,
        channel: "email" as const,
        expires: expiry.data ?? 0,
      };
      const check = legacy
        ? signer.verifyLegacy(t, p.sig)
          ? "ok"
          : "invalid"
        : signer.verify(t, p.sig, now());
      if (check === "invalid") return c.json(INVALID, 403);
      expired ||= check === "expired";
      targets.push(t);
    }
    if (expired) return c.json(EXPIRED, 403);
    for (const t of targets)
      await storage.campaigns.setOptOut(
        { ...t, optedOut: true, how: legacy ? "one-click (sent before UNSUB1)" : "one-click" },
        now(),
      );
    return c.json({ unsubscribed: targets.map((t) => t.campaignId) });
  });
}
