import { appVersion, type Environment, environmentForHost } from "../../../shared/catalogue/environments";

// Which identity provider the browser signs in with (spec §7): the environment comes from the host
// name; development and test use the sync server's embedded provider on the app's own origin, staging
// and production a real Auth0 tenant configured at build time.

/** The embedded provider's client and API (sync-server/identity/embedded/client.ts says the same). */
export const EMBEDDED_CLIENT_ID = "rangeline-dev";
export const EMBEDDED_AUDIENCE = "rangeline-api";
export const CALLBACK_PATH = "/auth-callback";

export interface AuthSettings {
  environment: Environment;
  /** Auth0 domain ("tenant.us.auth0.com"), or the app's own origin for the embedded provider. */
  domain: string;
  clientId: string;
  audience: string;
  redirectUri: string;
  /** §7: 0.0.1 outside production and test, else the release number. */
  version: string;
}

/** Build-time settings (Vite `VITE_*` variables) for the environments with a real Auth0 tenant. */
export interface AuthBuildSettings {
  /** Comma-separated host names that mean production (the spec does not list them). */
  VITE_PRODUCTION_HOSTNAMES?: string;
  VITE_AUTH0_PRODUCTION_DOMAIN?: string;
  VITE_AUTH0_PRODUCTION_CLIENT_ID?: string;
  VITE_AUTH0_PRODUCTION_AUDIENCE?: string;
  VITE_AUTH0_STAGING_DOMAIN?: string;
  VITE_AUTH0_STAGING_CLIENT_ID?: string;
  VITE_AUTH0_STAGING_AUDIENCE?: string;
}

export const productionHostnames = (settings: AuthBuildSettings): string[] =>
  (settings.VITE_PRODUCTION_HOSTNAMES ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");

/** The sign-in settings for a page at `location`. Throws when a tenant's settings are missing. */
export function resolveAuthSettings(
  location: Pick<Location, "hostname" | "origin">,
  settings: AuthBuildSettings,
): AuthSettings {
  const environment = environmentForHost(location.hostname, productionHostnames(settings));
  const base = {
    environment,
    redirectUri: `${location.origin}${CALLBACK_PATH}`,
    version: appVersion(environment),
  };
  if (environment === "development" || environment === "test") {
    return { ...base, domain: location.origin, clientId: EMBEDDED_CLIENT_ID, audience: EMBEDDED_AUDIENCE };
  }
  const prefix = environment === "production" ? "VITE_AUTH0_PRODUCTION" : "VITE_AUTH0_STAGING";
  const read = (name: "DOMAIN" | "CLIENT_ID" | "AUDIENCE") =>
    settings[`${prefix}_${name}` as keyof AuthBuildSettings];
  const domain = read("DOMAIN");
  const clientId = read("CLIENT_ID");
  const audience = read("AUDIENCE");
  const missing = [
    ["DOMAIN", domain],
    ["CLIENT_ID", clientId],
    ["AUDIENCE", audience],
  ]
    .filter(([, value]) => !value)
    .map(([name]) => `${prefix}_${name}`);
  if (missing.length > 0 || !domain || !clientId || !audience) {
    throw new Error(
      `Sign-in is not configured for ${environment}: set ${missing.join(", ")} when building the app.`,
    );
  }
  return { ...base, domain, clientId, audience };
}
