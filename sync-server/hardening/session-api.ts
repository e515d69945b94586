import type { Context, Hono } from "hono";
import type { Identity } from "../identity/verify";
import type { SessionRevocation } from "../storage/types";
import type { VerifyToken } from "../sync/context";
import { type SessionRevocations, tokenFacts } from "./revocation";

// The server half of signing out (issue 16 §3). The app calls these with its access token before it
// leaves for the identity provider's logout:
//   POST /api/session/sign-out             this device's token (and provider session) is revoked
//   POST /api/session/sign-out-everywhere  every token of the user issued until now is revoked
// Either way the user's live sync connections that the revocation covers close at once, on every
// instance, and a revoked token is refused by the sync socket and the API from then on.

export interface SessionApiOptions {
  verify: VerifyToken;
  revocations: SessionRevocations;
  /** Records, applies and tells the other instances. */
  revoke(revocation: SessionRevocation): Promise<void>;
}

export function mountSessionApi(app: Hono, options: SessionApiOptions): void {
  const signedIn = async (c: Context): Promise<{ identity: Identity; token: string } | Response> => {
    const header = c.req.header("authorization") ?? "";
    const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    try {
      return { identity: await options.verify(token), token };
    } catch (error) {
      const code = (error as { code?: string }).code ?? "token-invalid";
      return c.json({ error: "unauthorized", message: `Sign in first (${code}).` }, 401);
    }
  };

  app.post("/api/session/sign-out", async (c) => {
    const who = await signedIn(c);
    if (who instanceof Response) return who;
    const revocations = options.revocations.revocationsOfToken(who.identity, tokenFacts(who.token));
    for (const revocation of revocations) await options.revoke(revocation);
    return c.json({ revoked: "session" });
  });

  app.post("/api/session/sign-out-everywhere", async (c) => {
    const who = await signedIn(c);
    if (who instanceof Response) return who;
    const revocation = options.revocations.revocationOfUser(who.identity.sub);
    await options.revoke(revocation);
    return c.json({ revoked: "all-sessions", before: new Date(revocation.at).toISOString() });
  });
}
