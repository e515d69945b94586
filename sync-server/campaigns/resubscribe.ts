import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import { z } from "zod";
import { documentName } from "../../shared/documents/names";
import { nowMs } from "../clock";
import { type EmailSender, isPlainAddress } from "../outbound/email/types";
import type { Storage } from "../storage/types";
import { storedDocumentJson } from "./stored-doc";
import type { UnsubscribeSigner } from "./unsubscribe-link";

// Back in after an unsubscribe, with fresh consent (UNSUB2, docs/campaigns.md). An unsubscribe link never
// opts back in; a person who unsubscribed asks here to receive an agency's quote e-mails again, and only
// the link the server then e-mails to that address does it — for e-mail only (texts: START).
// - POST /api/resubscribe {orgId, email}: always the same answer whether or not the address is on one of
//   the organisation's lists (202), so nobody learns who is; at most RESUBSCRIBE_ASKS_PER_DAY asks per
//   address and UTC day, counted before anything is looked up (429 past it, with the sentence). The
//   look-up and the e-mail run after the answer, one at a time per instance (a queue of at most
//   MAX_QUEUED; past it an ask is dropped and logged), so the answer's timing tells nothing either. An
//   e-mail goes out only when a customer of the organisation with that address is opted out of e-mail.
// - POST /api/resubscribe/confirm {orgId, request, sig}: the e-mailed link's page posts it when the person
//   clicks (a GET changes nothing: mail scanners open links). Signed, used once, within
//   RESUBSCRIBE_LINK_TTL_MS: every e-mail opt-out of that organisation's customers with that address is
//   cleared and their UNSUBSCRIBED recipients are ACTIVE again; an SMS opt-out stays.

/** How long the confirmation link works. */
export const RESUBSCRIBE_LINK_TTL_MS = 24 * 3_600_000;
/** Asks (so confirmation e-mails) per address and UTC day, whatever the organisation. */
export const RESUBSCRIBE_ASKS_PER_DAY = 3;
const MAX_QUEUED = 100;

const id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^\r\n]+$/);
const ACCEPTED = `If this address receives quote e-mails from this agency and unsubscribed from them, a confirmation e-mail is on its way to it. Only its link opts you back in; it works for ${RESUBSCRIBE_LINK_TTL_MS / 3_600_000} hours. Nothing changes until you click it.`;
const TOO_MANY = {
  error: "too-many-asks",
  message: `At most ${RESUBSCRIBE_ASKS_PER_DAY} confirmation e-mails a day can be asked for one address. Use the link in one already sent, or ask again tomorrow (UTC).`,
} as const;
const INVALID = { error: "link-invalid", message: "This confirmation link is not valid." } as const;
const USED = {
  error: "link-used",
  message: "This confirmation link has already been used: a link opts you back in once.",
} as const;
const EXPIRED = {
  error: "link-expired",
  message: `This confirmation link has expired: links work for ${RESUBSCRIBE_LINK_TTL_MS / 3_600_000} hours. Ask for a new one on the re-subscribe page.`,
} as const;

const normal = (address: string) => address.trim().toLowerCase();

export interface ResubscribeOptions {
  storage: Storage;
  signer: UnsubscribeSigner;
  /** The mail adapter the campaigns use (the local outbox in tests). */
  email: EmailSender;
  /** The app's public origin, ending in "/". */
  baseUrl: () => string;
  /** Makes the documents' UNSUBSCRIBED recipients of these customers ACTIVE (documents.ts). */
  restoreRecipients: (orgId: string, campaignId: string, customerIds: ReadonlySet<string>) => Promise<void>;
  log: (message: string) => void;
  now?: () => number;
}

export function mountResubscribeApi(app: Hono, options: ResubscribeOptions): void {
  const { storage, signer } = options;
  const now = options.now ?? nowMs;
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;

  const organisationName = async (orgId: string) =>
    ((await storedDocumentJson(storage, documentName.org(orgId))).settings as { name?: string } | undefined)
      ?.name ?? null;

  /** The organisation's e-mail opt-outs of customers with this address, by campaign. */
  const optOutsOf = async (orgId: string, address: string) => {
    const outs = await storage.campaigns.emailOptOuts(orgId);
    const matches = new Map<string, boolean>();
    const byCampaign = new Map<string, Set<string>>();
    for (const o of outs) {
      if (!matches.has(o.customerId)) {
        const profile = (await storedDocumentJson(storage, documentName.customer(orgId, o.customerId)))
          .profile as { email?: unknown } | undefined;
        matches.set(o.customerId, typeof profile?.email === "string" && normal(profile.email) === address);
      }
      if (matches.get(o.customerId))
        byCampaign.set(o.campaignId, (byCampaign.get(o.campaignId) ?? new Set()).add(o.customerId));
    }
    return byCampaign;
  };

  const sendConfirmation = async (orgId: string, address: string) => {
    if ((await optOutsOf(orgId, address)).size === 0) return;
    const at = now();
    const requestId = randomBytes(18).toString("base64url");
    await storage.campaigns.putResubscribeRequest({
      id: requestId,
      orgId,
      address,
      createdAt: at,
      expiresAt: at + RESUBSCRIBE_LINK_TTL_MS,
    });
    const query = new URLSearchParams({
      o: orgId,
      r: requestId,
      sig: signer.resubscribeSig(orgId, requestId),
    });
    const link = `${options.baseUrl()}unsubscribe/resubscribe?${query}`;
    const name = (await organisationName(orgId)) ?? "your insurance agency";
    const hours = RESUBSCRIBE_LINK_TTL_MS / 3_600_000;
    await options.email.send({
      to: address,
      subject: `Confirm: receive quote e-mails from ${name} again`,
      fromName: name.slice(0, 200).replace(/[\r\n]/g, " "),
      text: [
        `Someone (we hope you) asked to receive the quote e-mails of ${name} again at this address.`,
        "",
        `To confirm, open this link within ${hours} hours and click "Receive them again":`,
        link,
        "",
        "If you did not ask, ignore this e-mail: nothing changes, and you stay unsubscribed.",
      ].join("\n"),
    });
  };

  app.post("/api/resubscribe", async (c) => {
    const body = z
      .strictObject({ orgId: id, email: z.string().max(254) })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success || !isPlainAddress(body.data.email.trim()))
      return c.json(
        {
          error: "invalid-input",
          message:
            "Give the organisation and one e-mail address (at most 254 characters), like name@example.com.",
        },
        400,
      );
    const address = normal(body.data.email);
    const at = now();
    const day = new Date(at).toISOString().slice(0, 10);
    await storage.campaigns.pruneResubscribe(day, at - 7 * 86_400_000);
    if (
      (await storage.campaigns.countResubscribeAsk(signer.addressKey(address), day)) >
      RESUBSCRIBE_ASKS_PER_DAY
    )
      return c.json(TOO_MANY, 429);
    if (queued >= MAX_QUEUED) options.log(`resubscribe: ${MAX_QUEUED} asks waiting; one dropped`);
    else {
      queued++;
      const orgId = body.data.orgId;
      queue = queue
        .then(() => sendConfirmation(orgId, address))
        .catch((error: unknown) =>
          options.log(`resubscribe: the confirmation e-mail failed: ${(error as Error).message}`),
        )
        .finally(() => {
          queued--;
        });
    }
    return c.json({ message: ACCEPTED }, 202);
  });

  app.post("/api/resubscribe/confirm", async (c) => {
    const body = z
      .strictObject({ orgId: id, request: id, sig: z.string().max(100) })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success || !signer.verifyResubscribe(body.data.orgId, body.data.request, body.data.sig))
      return c.json(INVALID, 403);
    const { orgId } = body.data;
    const at = now();
    const used = await storage.campaigns.takeResubscribeRequest(body.data.request, at);
    if (used === undefined || (typeof used === "object" && used.orgId !== orgId)) return c.json(INVALID, 403);
    if (used === "used") return c.json(USED, 410);
    if (used === "expired") return c.json(EXPIRED, 410);
    const byCampaign = await optOutsOf(orgId, used.address);
    for (const [campaignId, customers] of byCampaign) {
      for (const customerId of customers)
        await storage.campaigns.setOptOut(
          {
            orgId,
            campaignId,
            customerId,
            channel: "email",
            optedOut: false,
            how: "re-subscribed by confirmed e-mail",
          },
          at,
        );
      await options.restoreRecipients(orgId, campaignId, customers);
    }
    return c.json({ organisationName: await organisationName(orgId), campaigns: byCampaign.size });
  });
}
