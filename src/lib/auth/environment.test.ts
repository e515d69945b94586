import { describe, expect, it } from "vitest";
import { resolveAuthSettings } from "./environment";

const at = (origin: string) => ({ origin, hostname: new URL(origin).hostname });
const tenants = {
  VITE_PRODUCTION_HOSTNAMES: "portal.rangeline.app, www.rangeline.app",
  VITE_AUTH0_PRODUCTION_DOMAIN: "rangeline.us.auth0.com",
  VITE_AUTH0_PRODUCTION_CLIENT_ID: "prod-client",
  VITE_AUTH0_PRODUCTION_AUDIENCE: "https://api.rangeline.app",
  VITE_AUTH0_STAGING_DOMAIN: "rangeline-staging.us.auth0.com",
  VITE_AUTH0_STAGING_CLIENT_ID: "staging-client",
  VITE_AUTH0_STAGING_AUDIENCE: "https://staging-api.rangeline.app",
};

describe("sign-in settings by host name (spec §7)", () => {
  it("uses the embedded provider on the app's own origin in development, version 0.0.1", () => {
    expect(resolveAuthSettings(at("http://127.0.0.1:8181"), {})).toEqual({
      environment: "development",
      domain: "http://127.0.0.1:8181",
      clientId: "rangeline-dev",
      audience: "rangeline-api",
      redirectUri: "http://127.0.0.1:8181/auth-callback",
      version: "0.0.1",
    });
  });

  it("shares the development set in test, with the release number", () => {
    const settings = resolveAuthSettings(at("https://portal.test.rangeline.app"), tenants);
    expect(settings).toMatchObject({ environment: "test", clientId: "rangeline-dev", version: "2.736.2" });
    expect(settings.domain).toBe("https://portal.test.rangeline.app");
  });

  it("uses the staging tenant on a staging host and the production tenant on a production name", () => {
    expect(resolveAuthSettings(at("https://staging.rangeline.app"), tenants)).toMatchObject({
      environment: "staging",
      domain: "rangeline-staging.us.auth0.com",
      clientId: "staging-client",
      version: "0.0.1",
    });
    expect(resolveAuthSettings(at("https://portal.rangeline.app"), tenants)).toMatchObject({
      environment: "production",
      domain: "rangeline.us.auth0.com",
      clientId: "prod-client",
      audience: "https://api.rangeline.app",
      redirectUri: "https://portal.rangeline.app/auth-callback",
      version: "2.736.2",
    });
  });

  it("says which settings are missing for a tenant", () => {
    expect(() =>
      resolveAuthSettings(at("https://portal.rangeline.app"), {
        VITE_PRODUCTION_HOSTNAMES: "portal.rangeline.app",
      }),
    ).toThrow(
      "Sign-in is not configured for production: set VITE_AUTH0_PRODUCTION_DOMAIN, VITE_AUTH0_PRODUCTION_CLIENT_ID, VITE_AUTH0_PRODUCTION_AUDIENCE when building the app.",
    );
  });
});
