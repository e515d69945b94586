import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** What an authorization code stands for until the client redeems it at /oauth/token. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  audience: string;
  scope: string;
  sub: string;
  authTime: number;
  sessionId: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/** Authorization codes live for one minute and are single-use. */
export const CODE_LIFETIME_SECONDS = 60;

export type RedeemFailure =
  | "unknown-code"
  | "expired-code"
  | "client-mismatch"
  | "redirect-mismatch"
  | "pkce-mismatch";

/** PKCE S256: BASE64URL(SHA256(verifier)). */
export const s256 = (verifier: string): string => createHash("sha256").update(verifier).digest("base64url");

/** An in-memory store of pending authorization codes (the embedded provider is one process). */
export class AuthorizationCodes {
  readonly #grants = new Map<string, CodeGrant>();

  issue(grant: Omit<CodeGrant, "expiresAt">, now: number): string {
    this.#sweep(now);
    const code = randomBytes(24).toString("base64url");
    this.#grants.set(code, { ...grant, expiresAt: now + CODE_LIFETIME_SECONDS });
    return code;
  }

  /** Redeems a code; it is gone afterwards whether or not the checks pass. */
  redeem(
    code: string,
    request: { clientId: string; redirectUri: string | undefined; codeVerifier: string },
    now: number,
  ): { ok: true; grant: CodeGrant } | { ok: false; reason: RedeemFailure } {
    const grant = this.#grants.get(code);
    this.#grants.delete(code);
    if (!grant) return { ok: false, reason: "unknown-code" };
    if (grant.expiresAt < now) return { ok: false, reason: "expired-code" };
    if (grant.clientId !== request.clientId) return { ok: false, reason: "client-mismatch" };
    // RFC 6749 §4.1.3: the redirect_uri given to /authorize must be repeated exactly.
    if (request.redirectUri !== grant.redirectUri) {
      return { ok: false, reason: "redirect-mismatch" };
    }
    const expected = Buffer.from(grant.codeChallenge);
    const actual = Buffer.from(s256(request.codeVerifier));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return { ok: false, reason: "pkce-mismatch" };
    }
    return { ok: true, grant };
  }

  #sweep(now: number) {
    for (const [code, grant] of this.#grants) if (grant.expiresAt < now) this.#grants.delete(code);
  }
}
