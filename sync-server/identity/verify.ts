import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";
import { accessClaimsSchema } from "../../shared/access/identity-claims";
import type { Role } from "../../shared/access/roles";
import { nowMs } from "../clock";

/** Who a verified access token speaks for. `expiresAt` is in epoch seconds. */
export type Identity = {
  sub: string;
  email: string | null;
  roles: Role[];
  orgId: string | null;
  customerId: string | null;
  expiresAt: number;
};

/** Why an access token was refused: a short code for logs, close reasons and tests. */
export type TokenRejectionCode =
  | "token-missing"
  | "token-malformed"
  | "token-algorithm"
  | "token-key-unknown"
  | "token-signature"
  | "token-expired"
  | "token-not-yet-valid"
  | "token-issuer"
  | "token-audience"
  | "token-subject"
  | "token-claims"
  | "jwks-unavailable";

export class TokenRejectedError extends Error {
  readonly code: TokenRejectionCode;
  constructor(code: TokenRejectionCode, detail: string) {
    super(`Access token rejected (${code}): ${detail}`);
    this.name = "TokenRejectedError";
    this.code = code;
  }
}

export interface AccessTokenVerifierOptions {
  /**
   * The identity provider's issuer, e.g. "https://tenant.us.auth0.com/" (with its trailing slash), or
   * the list of issuers accepted (the embedded provider's: see embeddedIssuers).
   */
  issuer: string | readonly string[];
  /** The API audience the token must be for, e.g. "rangeline-api". */
  audience: string;
  /** Where the provider publishes its keys (Auth0: {issuer}.well-known/jwks.json). */
  jwksUrl?: URL;
  /** The keys themselves (a JWKS document or a key lookup), instead of fetching them. */
  keySet?: JSONWebKeySet | JWTVerifyGetKey;
  /** The clock, epoch seconds; defaults to the system clock. */
  now?: () => number;
}

/** Clock tolerance for exp/nbf, seconds (spec §5 and §9: 60 s leeway). */
export const TOKEN_LEEWAY_SECONDS = 60;

/**
 * Returns a function that verifies an access token — RS256 only, issuer, audience, exp/nbf/iat with
 * 60 s leeway, subject present — and reads who it speaks for from the namespaced claims. A rejection
 * throws TokenRejectedError with a reason code.
 */
export function createAccessTokenVerifier(
  options: AccessTokenVerifierOptions,
): (token: string) => Promise<Identity> {
  const getKey = resolveKeys(options);
  return async (token) => {
    if (typeof token !== "string" || token.trim() === "")
      throw new TokenRejectedError("token-missing", "no token");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        algorithms: ["RS256"],
        issuer: typeof options.issuer === "string" ? options.issuer : [...options.issuer],
        audience: options.audience,
        clockTolerance: TOKEN_LEEWAY_SECONDS,
        requiredClaims: ["sub", "exp"],
        currentDate: new Date((options.now?.() ?? nowMs() / 1000) * 1000),
      }));
    } catch (error) {
      throw toRejection(error);
    }
    // jose checks exp and nbf with the leeway but takes any iat: one issued in the future beyond the
    // leeway is a forged or mis-clocked token (docs/hardening.md; rule TOKEN1).
    const nowSeconds = options.now?.() ?? nowMs() / 1000;
    if (typeof payload.iat === "number" && payload.iat > nowSeconds + TOKEN_LEEWAY_SECONDS) {
      throw new TokenRejectedError(
        "token-not-yet-valid",
        `issued ${Math.round(payload.iat - nowSeconds)} s in the future (leeway ${TOKEN_LEEWAY_SECONDS} s)`,
      );
    }
    if (typeof payload.sub !== "string" || payload.sub === "") {
      throw new TokenRejectedError("token-subject", "the subject is empty");
    }
    const claims = accessClaimsSchema.safeParse(payload);
    if (!claims.success) {
      throw new TokenRejectedError("token-claims", claims.error.issues.map((i) => i.message).join("; "));
    }
    return {
      sub: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      ...claims.data,
      expiresAt: payload.exp as number,
    };
  };
}

function resolveKeys(options: AccessTokenVerifierOptions): JWTVerifyGetKey {
  if (options.keySet && options.jwksUrl)
    throw new Error("Give the verifier either jwksUrl or keySet, not both.");
  if (typeof options.keySet === "function") return options.keySet;
  if (options.keySet) return createLocalJWKSet(options.keySet);
  if (options.jwksUrl) return createRemoteJWKSet(options.jwksUrl);
  throw new Error("The access token verifier needs jwksUrl or keySet.");
}

const claimCodes: Record<string, TokenRejectionCode> = {
  iss: "token-issuer",
  aud: "token-audience",
  sub: "token-subject",
  nbf: "token-not-yet-valid",
  exp: "token-expired",
  iat: "token-not-yet-valid",
};

function toRejection(error: unknown): TokenRejectedError {
  if (error instanceof errors.JWTExpired) return new TokenRejectedError("token-expired", error.message);
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new TokenRejectedError(claimCodes[error.claim] ?? "token-claims", error.message);
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new TokenRejectedError("token-algorithm", error.message);
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new TokenRejectedError("token-signature", error.message);
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new TokenRejectedError("token-key-unknown", error.message);
  }
  if (error instanceof errors.JWKSTimeout) return new TokenRejectedError("jwks-unavailable", error.message);
  if (error instanceof errors.JOSEError) return new TokenRejectedError("token-malformed", error.message);
  // Anything else comes from fetching the key set (network, HTTP status), not from the token.
  return new TokenRejectedError("jwks-unavailable", error instanceof Error ? error.message : String(error));
}
