import { exportSPKI, generateKeyPair, SignJWT } from "jose";
import { toAccessClaims } from "../../shared/access/identity-claims";
import type { Role } from "../../shared/access/roles";
import { nowSeconds } from "../clock";
import type { SigningKeys } from "./keys";

// Helpers for tests only: mint access tokens the verifier accepts, and forge the ones it must refuse.

export const TEST_ISSUER = "https://identity.rangeline.test/";
export const TEST_AUDIENCE = "rangeline-api";

export interface TestTokenClaims {
  /** Omit to mint a token with no subject. */
  sub?: string;
  email?: string;
  roles?: readonly Role[];
  orgId?: string | null;
  customerId?: string | null;
  /** Any further payload claims, verbatim. */
  extra?: Record<string, unknown>;
}

export interface TestTokenOptions {
  issuer?: string;
  audience?: string | string[];
  /** The clock, epoch seconds; defaults to the system clock. */
  now?: number;
  /** Seconds from `now` until `exp`; may be negative. Default 3600. */
  expiresIn?: number;
  /** `nbf`, epoch seconds; left out by default. */
  notBefore?: number;
  /** Sign with this key instead of `keys` (the header still names `keys.kid`). */
  signingKey?: CryptoKey;
}

/** A valid RS256 access token for `claims` (a DemoUser fits), signed with `keys`. */
export function issueTestToken(
  keys: SigningKeys,
  claims: TestTokenClaims,
  options: TestTokenOptions = {},
): Promise<string> {
  const now = options.now ?? nowSeconds();
  const jwt = new SignJWT({
    ...(claims.email === undefined ? {} : { email: claims.email }),
    ...toAccessClaims({
      roles: [...(claims.roles ?? [])],
      orgId: claims.orgId ?? null,
      customerId: claims.customerId ?? null,
    }),
    ...claims.extra,
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: keys.kid })
    .setIssuer(options.issuer ?? TEST_ISSUER)
    .setAudience(options.audience ?? TEST_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600));
  if (claims.sub !== undefined) jwt.setSubject(claims.sub);
  if (options.notBefore !== undefined) jwt.setNotBefore(options.notBefore);
  return jwt.sign(options.signingKey ?? keys.privateKey);
}

export const FORGED_TOKEN_KINDS = [
  "alg-none",
  "hs256-public-key",
  "foreign-key",
  "wrong-issuer",
  "wrong-audience",
  "expired",
  "not-yet-valid",
  "no-subject",
  "tampered-payload",
] as const;
export type ForgedTokenKind = (typeof FORGED_TOKEN_KINDS)[number];

const base64url = (value: string | Uint8Array) => Buffer.from(value).toString("base64url");

/**
 * One forged or invalid token of each kind for `claims`, each of which a verifier configured with
 * the same issuer and audience must refuse. Expired and not-yet-valid are two minutes beyond the
 * 60 s leeway.
 */
export async function forgeTokens(
  keys: SigningKeys,
  claims: TestTokenClaims & { sub: string },
  options: Omit<TestTokenOptions, "signingKey" | "notBefore" | "expiresIn"> = {},
): Promise<Record<ForgedTokenKind, string>> {
  const now = options.now ?? nowSeconds();
  const issuer = options.issuer ?? TEST_ISSUER;
  const valid = await issueTestToken(keys, claims, { ...options, now });
  const [, validPayload] = valid.split(".");
  const payload = JSON.parse(Buffer.from(validPayload, "base64url").toString("utf8"));

  const unsignedHeader = base64url(JSON.stringify({ alg: "none", typ: "JWT" }));
  const publicPem = await exportSPKI(keys.publicKey);
  const hmac = await new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: keys.kid })
    .sign(new TextEncoder().encode(publicPem));
  const foreign = await generateKeyPair("RS256", { modulusLength: 2048 });
  const [validHeader, , validSignature] = valid.split(".");
  const escalated = {
    ...payload,
    ...toAccessClaims({ roles: ["superAdmin"], orgId: "other", customerId: null }),
  };

  return {
    "alg-none": `${unsignedHeader}.${validPayload}.`,
    "hs256-public-key": hmac,
    "foreign-key": await issueTestToken(keys, claims, { ...options, now, signingKey: foreign.privateKey }),
    "wrong-issuer": await issueTestToken(keys, claims, { ...options, now, issuer: `${issuer}evil/` }),
    "wrong-audience": await issueTestToken(keys, claims, { ...options, now, audience: "someone-else-api" }),
    expired: await issueTestToken(keys, claims, { ...options, now: now - 3600, expiresIn: 3600 - 120 }),
    "not-yet-valid": await issueTestToken(keys, claims, { ...options, now, notBefore: now + 120 }),
    "no-subject": await issueTestToken(keys, { ...claims, sub: undefined }, { ...options, now }),
    "tampered-payload": `${validHeader}.${base64url(JSON.stringify(escalated))}.${validSignature}`,
  };
}
