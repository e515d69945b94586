import type { Hono } from "hono";
import type { Config } from "../config";
import { createEmbeddedProvider } from "./embedded/provider";
import { loadOrCreateSigningKeys } from "./keys";

export { EMBEDDED_AUDIENCE, EMBEDDED_CLIENT_ID, embeddedIssuers } from "./embedded/client";

/**
 * Mounts the identity routes on the HTTP app. Outside production this is the embedded,
 * Auth0-compatible identity provider (/authorize, /oauth/token, /v2/logout, /.well-known/jwks.json,
 * /.well-known/openid-configuration) signing with the key pair kept in DATA_DIR. In production nothing
 * is mounted: the browser signs in with the real Auth0 tenant.
 */
export function mountIdentity(app: Hono, config: Config): void {
  if (config.NODE_ENV === "production") return;
  const provider = createEmbeddedProvider({
    environment: config.NODE_ENV,
    keys: loadOrCreateSigningKeys(config.DATA_DIR),
  });
  app.route("/", provider);
}
