import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { initialContext, useAuth0 } from "./auth0-context";
import { HiqLogoutProvider, useHiqLogout } from "./hiq-logout";
import { signedOutSession, useSession } from "./session";

// Spec §8: the two messages for a hook used outside its provider.

describe("hooks outside their providers", () => {
  it("useHiqLogout outside a HiqLogoutProvider throws the spec's message", () => {
    const Orphan = () => {
      useHiqLogout();
      return null;
    };
    expect(() => renderToString(createElement(Orphan))).toThrow(
      "useHiqLogout must be used within a HiqLogoutProvider",
    );
  });

  it("useHiqLogout inside a HiqLogoutProvider works", () => {
    let found = false;
    const Child = () => {
      found = typeof useHiqLogout().logout === "function";
      return null;
    };
    renderToString(
      createElement(HiqLogoutProvider, {
        cookie: { domain: undefined, secure: false },
        defaultReturnTo: "http://localhost/",
        children: createElement(Child),
      }),
    );
    expect(found).toBe(true);
  });

  it("every auth operation outside <AuthProvider> throws 'You forgot to wrap your component in <Auth0Provider>.'", () => {
    let auth = initialContext;
    const Orphan = () => {
      auth = useAuth0();
      return null;
    };
    renderToString(createElement(Orphan));
    expect(auth.isLoading).toBe(true);
    expect(auth.isAuthenticated).toBe(false);
    for (const operation of [
      () => auth.loginWithRedirect(),
      () => auth.loginWithPopup(),
      () => auth.logout(),
      () => auth.getAccessTokenSilently(),
      () => auth.getIdTokenClaims(),
      () => auth.handleRedirectCallback("http://localhost/auth-callback"),
      () => auth.refreshUser(),
    ]) {
      expect(operation).toThrow("You forgot to wrap your component in <Auth0Provider>.");
    }
  });

  it("useSession outside any provider is signed out and cannot sign in", async () => {
    let session = signedOutSession;
    const Orphan = () => {
      session = useSession();
      return null;
    };
    renderToString(createElement(Orphan));
    expect(session).toMatchObject({ status: "signed-out", roles: [], orgId: null, customerId: null });
    await expect(session.getAccessToken()).rejects.toThrow("no auth provider is mounted");
  });
});
