import { SignJWT } from "jose";
import { toAccessClaims } from "../../shared/access/identity-claims";
import type { DemoUser } from "./demo-users";
import type { SigningKeys } from "./keys";

/** Lifetime of the embedded provider's access and ID tokens, seconds (Auth0's default is 24 h). */
export const TOKEN_LIFETIME_SECONDS = 3600;

export interface AccessTokenInput {
  issuer: string;
  audience: string;
  clientId: string;
  user: Pick<DemoUser, "sub" | "email" | "roles" | "orgId" | "customerId">;
  scope: string;
  /** Epoch seconds. */
  now: number;
  lifetimeSeconds?: number;
}

/**
 * An RS256 access token shaped like Auth0's: audience is the API plus {issuer}userinfo when `openid`
 * is asked for, `azp` names the client, `scope` the granted scopes, and the namespaced claims carry
 * roles, organisation and customer.
 */
export function signAccessToken(keys: SigningKeys, input: AccessTokenInput): Promise<string> {
  const scopes = input.scope.split(" ");
  const audience = scopes.includes("openid") ? [input.audience, `${input.issuer}userinfo`] : input.audience;
  return new SignJWT({
    azp: input.clientId,
    scope: input.scope,
    email: input.user.email,
    ...toAccessClaims(input.user),
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: keys.kid })
    .setIssuer(input.issuer)
    .setSubject(input.user.sub)
    .setAudience(audience)
    .setIssuedAt(input.now)
    .setExpirationTime(input.now + (input.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS))
    .sign(keys.privateKey);
}

export interface IdTokenInput {
  issuer: string;
  clientId: string;
  user: Pick<DemoUser, "sub" | "email" | "name" | "roles" | "orgId" | "customerId">;
  /** The nonce the client sent to /authorize; echoed so the client can match it (spec §5). */
  nonce: string | undefined;
  /** When the user signed in at the provider, epoch seconds. */
  authTime: number;
  /** The provider session's id. */
  sessionId: string;
  now: number;
  lifetimeSeconds?: number;
}

/** An RS256 ID token with the profile claims, the nonce, auth_time and the namespaced claims. */
export function signIdToken(keys: SigningKeys, input: IdTokenInput): Promise<string> {
  return new SignJWT({
    name: input.user.name,
    nickname: input.user.email.split("@")[0],
    email: input.user.email,
    email_verified: true,
    ...(input.nonce === undefined ? {} : { nonce: input.nonce }),
    auth_time: input.authTime,
    sid: input.sessionId,
    ...toAccessClaims(input.user),
  })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: keys.kid })
    .setIssuer(input.issuer)
    .setSubject(input.user.sub)
    .setAudience(input.clientId)
    .setIssuedAt(input.now)
    .setExpirationTime(input.now + (input.lifetimeSeconds ?? TOKEN_LIFETIME_SECONDS))
    .sign(keys.privateKey);
}
