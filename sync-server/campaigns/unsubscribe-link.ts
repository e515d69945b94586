import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Signed unsubscribe links (docs/campaigns.md): /unsubscribe/campaign/{campaignId}/{customerId}?sig=…, the
// signature an HMAC-SHA256 of the campaign, the customer and the channel under a server secret, so
// nobody unsubscribes someone else by editing ids. The secret comes from UNSUBSCRIBE_SECRET in
// production; elsewhere it is generated once into DATA_DIR/unsubscribe-secret. Never logged or sent.

export interface UnsubscribeSigner {
  sign(orgId: string, campaignId: string, customerId: string): string;
  verify(orgId: string, campaignId: string, customerId: string, signature: string): boolean;
  /** The public page's address: /unsubscribe/campaign/{campaignId}/{customerId}?o={orgId}&sig=… */
  url(baseUrl: string, orgId: string, campaignId: string, customerId: string): string;
}

export function unsubscribeSigner(secret: Uint8Array): UnsubscribeSigner {
  if (secret.length < 32) throw new Error("the unsubscribe secret must be at least 32 bytes");
  const mac = (orgId: string, campaignId: string, customerId: string) =>
    createHmac("sha256", secret).update(`unsubscribe\n${orgId}\n${campaignId}\n${customerId}`).digest();
  return {
    sign: (o, c, u) => mac(o, c, u).toString("base64url"),
    verify(o, c, u, signature) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
      return timingSafeEqual(mac(o, c, u), Buffer.from(signature, "base64url"));
    },
    url(baseUrl, o, c, u) {
      return `${baseUrl.replace(/\/$/, "")}/unsubscribe/campaign/${encodeURIComponent(c)}/${encodeURIComponent(u)}?o=${encodeURIComponent(o)}&sig=${mac(o, c, u).toString("base64url")}`;
    },
  };
}

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
  const file = join(env.dataDir, "unsubscribe-secret");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(env.dataDir, { recursive: true });
  const fresh = randomBytes(32);
  writeFileSync(file, fresh.toString("base64"), { mode: 0o600 });
  return fresh;
}
