import type { Hono } from "hono";
import { type Config, publicUrl } from "../config";
import type { DemoUser } from "./demo-users";
import { createEmbeddedProvider } from "./embedded/provider";
import { loadOrCreateSigningKeys } from "./keys";
import { arrivalPort } from "./origins";

/**
 * Mounts the identity routes on the HTTP app. Outside production this is the embedded,
 * Auth0-compatible identity provider (/authorize, /oauth/token, /v2/logout, /.well-known/jwks.json,
 * /.well-known/openid-configuration) signing with the key pair kept in DATA_DIR. In production nothing
 * is mounted: the browser signs in with the real Auth0 tenant.
 *
 * Issuers: the ID token's is the origin the browser used when it is an allowed one (auth0-spa-js
 * derives it from its domain, which in development is the page's own origin, so http://127.0.0.1:PORT
 * works as well as localhost; any other Host gets the canonical origin: ./origins.ts, ORIGIN1); the
 * access token's is `publicUrl(config, port)`, the one the sync server verifies.
 */
export function mountIdentity(
  app: Hono,
  config: Config,
  hooks: {
    isSignInRevoked?: (userId: string, authTime: number, sessionId: string) => boolean;
    /** The users it signs in (a live list: accepted invitations join it, docs/administration.md); default the demo users. */
    users?: DemoUser[];
  } = {},
): void {
  if (config.NODE_ENV === "production") return;
  const provider = createEmbeddedProvider({
    environment: config.NODE_ENV,
    keys: loadOrCreateSigningKeys(config.DATA_DIR),
    publicUrl: config.PUBLIC_URL,
    // The port the connection arrived at (the socket's), never the Host header's (ORIGIN1).
    accessTokenIssuer: (c) => publicUrl(config, arrivalPort(c)),
    isSignInRevoked: hooks.isSignInRevoked,
    users: hooks.users,
  });
  app.route("/", provider);
}
