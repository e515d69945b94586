import { describe, expect, it } from "vitest";
import { ROUTES } from "../../../shared/access/routes";
import { isAppNavigation } from "./navigation-fallback";

describe("service worker navigation fallback", () => {
  it.each([
    "/api/health",
    "/api",
    "/sync",
    "/sync/org/1",
    "/authorize",
    "/oauth/token",
    "/v2/logout",
    "/.well-known/jwks.json",
    "/authorize?client_id=rangeline-dev&response_type=code",
    "/v2/logout?returnTo=http%3A%2F%2F127.0.0.1",
    "/api?x=1",
  ])("leaves %s to the network", (path) => {
    expect(isAppNavigation(path)).toBe(false);
  });

  it("serves the app shell for every route of the table", () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:([A-Za-z]+)/g, "x-$1");
      expect(isAppNavigation(path), path).toBe(true);
    }
  });

  it("does not confuse look-alike paths with server endpoints", () => {
    expect(isAppNavigation("/apinfo")).toBe(true);
    expect(isAppNavigation("/synchronise")).toBe(true);
    expect(isAppNavigation("/v20")).toBe(true);
    expect(isAppNavigation("/auth-callback?code=abc&state=xyz")).toBe(true);
    expect(isAppNavigation("/faq?from=/authorize")).toBe(true);
  });
});
