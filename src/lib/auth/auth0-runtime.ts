import { Auth0Client } from "@auth0/auth0-spa-js";
import { IDENTITY_DEFAULTS } from "../../../shared/catalogue/app-defaults";
import type { AuthSettings } from "./environment";

// What only a signed-in user (or one signing in) needs: the identity library and the parsing of the ID
// token's claims (zod). The auth provider imports this module on demand, so a signed-out visitor's
// first screen loads neither.

export { readAccessClaims } from "./access-claims";

export function createClient(settings: AuthSettings): Auth0Client {
  return new Auth0Client({
    domain: settings.domain,
    clientId: settings.clientId,
    authorizationParams: {
      redirect_uri: settings.redirectUri,
      audience: settings.audience,
      scope: IDENTITY_DEFAULTS.scope,
    },
    // localstorage, not memory: a reload (and a reload without a connection, for the offline PWA)
    // finds the tokens and the user without a round trip to the provider, and without relying on
    // third-party cookies in a hidden frame, which browsers increasingly block for a real Auth0 domain.
    // The price is that script injected into the page could read the tokens; the app loads no
    // third-party script.
    cacheLocation: "localstorage",
    useRefreshTokens: IDENTITY_DEFAULTS.useRefreshTokens,
    leeway: IDENTITY_DEFAULTS.tokenLeewaySeconds,
    authorizeTimeoutInSeconds: IDENTITY_DEFAULTS.authorizeTimeoutSeconds,
    httpTimeoutInSeconds: IDENTITY_DEFAULTS.httpTimeoutMs / 1000,
    sessionCheckExpiryDays: IDENTITY_DEFAULTS.sessionCheckCookieDays,
  });
}
