import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Signed unsubscribe links (docs/campaigns.md, docs/hardening.md UNSUB1):
// /unsubscribe/campaign/{campaignId}/{customerId}?o={orgId}&ch={channel}&e={expires}&sig=…, the signature
// an HMAC-SHA256 of the organisation, the campaign, the customer, the channel the link acts on and its
// expiry under a server secret, so nobody unsubscribes someone else by editing ids, a link for e-mail
// never touches texts (an SMS STOP stays the phone's), and a link stops working 60 days after its
// e-mail (the law asks for 30). A link only unsubscribes: opting back in needs the person's own fresh
// consent, which an old link is not — the page's "opt back in" takes an undo token, signed over the
// opt-out it undoes, that the unsubscribe answer gave that browser and that lapses after 15 minutes.
// Links sent before UNSUB1 (no channel, no expiry: an HMAC of organisation, campaign and customer) still
// unsubscribe their recipient from e-mail, and only that (`verifyLegacy`): a person can always leave a
// list from an e-mail they received (CAN-SPAM), and such a link cannot opt anyone back in.
// The secret comes from UNSUBSCRIBE_SECRET in production; elsewhere it is generated once into
// DATA_DIR/unsubscribe-secret. Never logged or sent.

/** How long an unsubscribe link works after its e-mail was sent. */
export const UNSUBSCRIBE_LINK_TTL_MS = 60 * 86_400_000;
/** How long the page may undo its own unsubscribe (the person's click a moment ago). */
export const UNDO_WINDOW_MS = 15 * 60_000;

type LinkChannel = "email" | "sms";

export interface LinkTarget {
  orgId: string;
  campaignId: string;
  customerId: string;
  channel: LinkChannel;
  /** Epoch seconds (whole) after which the link no longer works. */
  expires: number;
}

type LinkCheck = "ok" | "invalid" | "expired";

/** What a link made before UNSUB1 names: it acts on e-mail only. */
export type LegacyTarget = Pick<LinkTarget, "orgId" | "campaignId" | "customerId">;

export interface UnsubscribeSigner {
  sign(t: LinkTarget): string;
  /** "invalid" for a signature not made here for exactly this target; "expired" past `expires`. */
  verify(t: LinkTarget, signature: string, now: number): LinkCheck;
  /** Whether `signature` is this server's link for `t` in the form before UNSUB1 (no channel, no expiry). */
  verifyLegacy(t: LegacyTarget, signature: string): boolean;
  /** The public page's address: /unsubscribe/campaign/{campaignId}/{customerId}?o=…&ch=…&e=…&sig=… */
  url(baseUrl: string, t: LinkTarget): string;
  /** A token that undoes the opt-out made at `at` (ms) through this target, for UNDO_WINDOW_MS. */
  undoToken(t: LinkTarget, at: number): string;
  verifyUndo(t: LinkTarget, token: string, now: number): boolean;
  /** The signature of a re-subscribe confirmation link (UNSUB2): organisation and request id. */
  resubscribeSig(orgId: string, requestId: string): string;
  verifyResubscribe(orgId: string, requestId: string, signature: string): boolean;
  /** A keyed digest of an address, to count asks per address without keeping it (UNSUB2). */
  addressKey(address: string): string;
}

/** The expiry (epoch seconds) of a link sent at `now` (ms). */
export const linkExpiry = (now: number): number => Math.floor((now + UNSUBSCRIBE_LINK_TTL_MS) / 1000);

export function unsubscribeSigner(secret: Uint8Array): UnsubscribeSigner {
  if (secret.length < 32) throw new Error("the unsubscribe secret must be at least 32 bytes");
  const mac = (purpose: string, t: LinkTarget, extra: string) =>
    createHmac("sha256", secret)
      .update([purpose, t.orgId, t.campaignId, t.customerId, t.channel, String(t.expires), extra].join("\n"))
      .digest();
  const same = (expected: Buffer, signature: string) =>
    /^[A-Za-z0-9_-]{43}$/.test(signature) && timingSafeEqual(expected, Buffer.from(signature, "base64url"));
  const sign = (t: LinkTarget) => mac("unsubscribe", t, "").toString("base64url");
  const tag = (...fields: string[]) => createHmac("sha256", secret).update(fields.join("\n")).digest();
  return {
    sign,
    verify(t, signature, now) {
      if (!Number.isSafeInteger(t.expires) || !same(mac("unsubscribe", t, ""), signature)) return "invalid";
      return now > t.expires * 1000 ? "expired" : "ok";
    },
    verifyLegacy(t, signature) {
      const expected = createHmac("sha256", secret)
        .update(`unsubscribe\n${t.orgId}\n${t.campaignId}\n${t.customerId}`)
        .digest();
      return same(expected, signature);
    },
    url(baseUrl, t) {
      const query = new URLSearchParams({ o: t.orgId, ch: t.channel, e: String(t.expires), sig: sign(t) });
      return `${baseUrl.replace(/\/$/, "")}/unsubscribe/campaign/${encodeURIComponent(t.campaignId)}/${encodeURIComponent(t.customerId)}?${query}`;
    },
    undoToken(t, at) {
      return `${at}.${mac("opt-back-in", t, String(at)).toString("base64url")}`;
    },
    verifyUndo(t, token, now) {
      const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!m) return false;
      const at = Number(m[1]);
      return now >= at && now - at <= UNDO_WINDOW_MS && same(mac("opt-back-in", t, m[1]), m[2]);
    },
    resubscribeSig: (orgId, requestId) => tag("resubscribe", orgId, requestId).toString("base64url"),
    verifyResubscribe: (orgId, requestId, signature) => same(tag("resubscribe", orgId, requestId), signature),
    addressKey: (address) => tag("resubscribe-address", address).toString("base64url"),
  };
}

/** The generated secret's file in a data directory (a secret a restore needs: storage/data-folder.ts). */
export const UNSUBSCRIBE_SECRET_FILE = "unsubscribe-secret";

/** The secret: UNSUBSCRIBE_SECRET (base64, ≥ 32 bytes) in production; generated into DATA_DIR otherwise. */
export function loadUnsubscribeSecret(env: {
  production: boolean;
  secret?: string;
  dataDir: string;
}): Uint8Array {
  if (env.secret) {
    const bytes = Buffer.from(env.secret, "base64");
    if (bytes.length < 32) throw new Error("UNSUBSCRIBE_SECRET must be at least 32 bytes, base64-encoded");
    return bytes;
  }
  if (env.production)
    throw new Error("UNSUBSCRIBE_SECRET is required in production (32 bytes or more, base64)");
  const file = join(env.dataDir, UNSUBSCRIBE_SECRET_FILE);
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(env.dataDir, { recursive: true });
  const fresh = randomBytes(32);
  writeFileSync(file, fresh.toString("base64"), { mode: 0o600 });
  return fresh;
}
