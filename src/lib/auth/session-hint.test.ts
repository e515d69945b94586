import { describe, expect, it } from "vitest";
import { writeCachedIdentity } from "./identity-cache";
import { MemoryStorage } from "./memory-storage";
import { AUTH0_CACHE_PREFIX, mayHaveSession, sessionCookieNames } from "./session-hint";

const CLIENT = "rangeline-dev";

describe("whether the device may hold a sign-in (without loading the identity library)", () => {
  it("is false on a device with nothing of the identity library or the app's identity cache", () => {
    const storage = new MemoryStorage();
    storage.setItem("rangeline.something-else", "1");
    expect(mayHaveSession(CLIENT, "", storage)).toBe(false);
    expect(mayHaveSession(CLIENT, "hiqLogout=true; theme=dark", storage)).toBe(false);
  });

  it("is true with any of auth0-spa-js's session cookies for this client (current, legacy, pre-v2)", () => {
    expect(sessionCookieNames(CLIENT)).toEqual([
      "auth0.rangeline-dev.is.authenticated",
      "_legacy_auth0.rangeline-dev.is.authenticated",
      "auth0.is.authenticated",
      "_legacy_auth0.is.authenticated",
    ]);
    for (const name of sessionCookieNames(CLIENT))
      expect(mayHaveSession(CLIENT, `a=1; ${name}=true; b=2`, new MemoryStorage()), name).toBe(true);
    expect(mayHaveSession(CLIENT, "auth0.other-app.is.authenticated=true", new MemoryStorage())).toBe(false);
  });

  it("is true with an entry of auth0-spa-js's localStorage cache", () => {
    const storage = new MemoryStorage();
    storage.setItem(`${AUTH0_CACHE_PREFIX}::${CLIENT}::@@user@@`, "{}");
    expect(mayHaveSession(CLIENT, "", storage)).toBe(true);
  });

  it("is true with the last confirmed identity kept for offline use", () => {
    const storage = new MemoryStorage();
    writeCachedIdentity(storage, { user: { sub: "auth0|demo-agent" }, verifiedAt: 1 });
    expect(mayHaveSession(CLIENT, "", storage)).toBe(true);
  });

  it("falls back to the cookie when storage cannot be read", () => {
    const broken = new MemoryStorage();
    Object.defineProperty(broken, "length", {
      get() {
        throw new Error("SecurityError");
      },
    });
    expect(mayHaveSession(CLIENT, "", broken)).toBe(false);
    expect(mayHaveSession(CLIENT, "auth0.rangeline-dev.is.authenticated=true", broken)).toBe(true);
  });
});
