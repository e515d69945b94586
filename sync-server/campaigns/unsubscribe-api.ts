import type { Context, Hono } from "hono";
import { z } from "zod";
import { documentName } from "../../shared/documents/names";
import { nowMs } from "../clock";
import type { Storage } from "../storage/types";
import { storedDocumentJson } from "./stored-doc";
import type { UnsubscribeSigner } from "./unsubscribe-link";

// The public unsubscribe endpoints (docs/campaigns.md; no sign-in: the signature is the proof):
// - GET  /api/unsubscribe/{orgId}/{campaignId}/{customerId}?sig=…  what the page shows (campaign,
//   organisation, the channels opted out);
// - POST /api/unsubscribe/{orgId}/{campaignId}/{customerId}  {sig, channel: "email"|"sms"|"all",
//   optedOut}: the page's one click, and the opt back in;
// - POST /api/unsubscribe?o=…&u=…&c=id.sig,id.sig  RFC 8058 one-click (List-Unsubscribe-Post).
// A bad signature changes nothing and answers 403 "This unsubscribe link is not valid."

const id = z.string().min(1).max(128);
const INVALID = { error: "link-invalid", message: "This unsubscribe link is not valid." } as const;

export interface UnsubscribeApiOptions {
  storage: Storage;
  signer: UnsubscribeSigner;
  now?: () => number;
}

export function mountUnsubscribeApi(app: Hono, options: UnsubscribeApiOptions): void {
  const { storage, signer } = options;
  const now = options.now ?? nowMs;

  const target = (c: Context, sig: unknown) => {
    const p = z
      .object({ orgId: id, campaignId: id, customerId: id, sig: z.string().max(100) })
      .safeParse({ ...c.req.param(), sig });
    if (!p.success || !signer.verify(p.data.orgId, p.data.campaignId, p.data.customerId, p.data.sig))
      return null;
    return p.data;
  };

  const pageState = async (orgId: string, campaignId: string, customerId: string) => {
    const campaign = await storedDocumentJson(storage, documentName.campaign(orgId, campaignId));
    const org = await storedDocumentJson(storage, documentName.org(orgId));
    const section = campaign.campaign as { name?: string; quote?: { plan?: string } } | undefined;
    const settings = org.settings as { name?: string } | undefined;
    const outs = (await storage.campaigns.optOuts(orgId, campaignId)).get(customerId) ?? new Set();
    return {
      campaignName: section?.name ?? null,
      plan: section?.quote?.plan ?? null,
      organisationName: settings?.name ?? null,
      optedOut: { email: outs.has("email"), sms: outs.has("sms") },
    };
  };

  app.get("/api/unsubscribe/:orgId/:campaignId/:customerId", async (c) => {
    const t = target(c, c.req.query("sig"));
    if (!t) return c.json(INVALID, 403);
    return c.json(await pageState(t.orgId, t.campaignId, t.customerId));
  });

  app.post("/api/unsubscribe/:orgId/:campaignId/:customerId", async (c) => {
    const body = z
      .strictObject({
        sig: z.string().max(100),
        channel: z.enum(["email", "sms", "all"]),
        optedOut: z.boolean(),
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
    const t = target(c, body.data.sig);
    if (!t) return c.json(INVALID, 403);
    const channels = body.data.channel === "all" ? (["email", "sms"] as const) : [body.data.channel];
    for (const channel of channels)
      await storage.campaigns.setOptOut(
        {
          orgId: t.orgId,
          campaignId: t.campaignId,
          customerId: t.customerId,
          channel,
          optedOut: body.data.optedOut,
          how: body.data.optedOut ? "link" : "opted back in",
        },
        now(),
      );
    return c.json(await pageState(t.orgId, t.campaignId, t.customerId));
  });

  app.post("/api/unsubscribe", async (c) => {
    const orgId = id.safeParse(c.req.query("o"));
    const customerId = id.safeParse(c.req.query("u"));
    const list = (c.req.query("c") ?? "").split(",").filter(Boolean);
    if (!orgId.success || !customerId.success || list.length === 0 || list.length > 50)
      return c.json(INVALID, 403);
    const pairs = list.map((entry) => {
      const dot = entry.lastIndexOf(".");
      return { campaignId: decodeURIComponent(entry.slice(0, dot)), sig: entry.slice(dot + 1) };
    });
    // Every signature must hold before anything changes.
    if (pairs.some((p) => dot(p) || !signer.verify(orgId.data, p.campaignId, customerId.data, p.sig)))
      return c.json(INVALID, 403);
    for (const p of pairs)
      await storage.campaigns.setOptOut(
        {
          orgId: orgId.data,
          campaignId: p.campaignId,
          customerId: customerId.data,
          channel: "email",
          optedOut: true,
          how: "one-click",
        },
        now(),
      );
    return c.json({ unsubscribed: pairs.map((p) => p.campaignId) });
  });
}

const dot = (p: { campaignId: string; sig: string }) => p.campaignId === "" || p.sig === "";
