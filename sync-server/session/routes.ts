import type { Hono } from "hono";
import type { IdentityProviderSessions } from "../identity/auth0-management";
import { signedIn } from "../routes/route";
import { type SessionRevocations, tokenFacts } from "../session/revocation";
import type { SessionRevocation } from "../storage/types";
import type { VerifyToken } from "../sync/context";

// The server half of signing out (docs/hardening.md). The app calls these with its access token before it
// leaves for the identity provider's logout:
//   POST /api/session/sign-out             this device's token (and provider session) is revoked
//   POST /api/session/sign-out-everywhere  every token of the user issued until now is revoked
// Either way the user's live sync connections that the revocation covers close at once, on every
// instance, and a revoked token is refused by the sync socket and the API from then on.
// With Auth0's Management API configured (identity/auth0-management.ts), signing out everywhere then
// ends the user's Auth0 sessions and refresh tokens too. The server's revocation is done first and
// stands whatever Auth0 answers; the answer says plainly when Auth0 could not be reached.

export interface SessionApiOptions {
  verify: VerifyToken;
  revocations: SessionRevocations;
  /** Records, applies and tells the other instances. */
  revoke(revocation: SessionRevocation): Promise<void>;
  /** The identity provider's sessions (Auth0's Management API), when configured. */
  provider?: IdentityProviderSessions | null;
  log?: (message: string) => void;
}

/** What the answer to "sign out on all devices" says of the identity provider. */
export type ProviderSignOut =
  | { identityProvider: "signed-out" }
  | { identityProvider: "not-configured" }
  | { identityProvider: "not-reached"; message: string };

export const PROVIDER_NOT_REACHED =
  "You are signed out of Rangeline on every device, but Auth0 (the sign-in service) could not be reached to end your sign-in there, so another device may be let in again without your password. Choose “Sign out on all devices” again in a few minutes.";

export function mountSessionApi(app: Hono, options: SessionApiOptions): void {
  app.post("/api/session/sign-out", async (c) => {
    const who = await signedIn(c, options.verify);
    if ("response" in who) return who.response;
    const revocations = options.revocations.revocationsOfToken(who.identity, tokenFacts(who.token));
    for (const revocation of revocations) await options.revoke(revocation);
    return c.json({ revoked: "session" });
  });

  app.post("/api/session/sign-out-everywhere", async (c) => {
    const who = await signedIn(c, options.verify);
    if ("response" in who) return who.response;
    const revocation = options.revocations.revocationOfUser(who.identity.sub);
    await options.revoke(revocation);
    let provider: ProviderSignOut = { identityProvider: "not-configured" };
    if (options.provider) {
      try {
        await options.provider.endAllSessions(who.identity.sub);
        provider = { identityProvider: "signed-out" };
      } catch (error) {
        options.log?.(`sign out on all devices: ${(error as Error).message}`);
        provider = { identityProvider: "not-reached", message: PROVIDER_NOT_REACHED };
      }
    }
    return c.json({ revoked: "all-sessions", before: new Date(revocation.at).toISOString(), ...provider });
  });
}
