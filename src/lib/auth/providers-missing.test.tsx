import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type AuthContextValue, useAuth0 } from "./auth0-context";
import { HiqLogoutProvider, type HiqLogoutValue, useHiqLogout } from "./hiq-logout";
import { type Session, useSession } from "./session";

// Spec §8: the two messages for a hook used outside its provider.

const seen: { auth?: AuthContextValue; hiq?: HiqLogoutValue; session?: Session } = {};

function ReadsHiqLogout() {
  seen.hiq = useHiqLogout();
  return null;
}

function ReadsAuth() {
  seen.auth = useAuth0();
  return null;
}

function ReadsSession() {
  seen.session = useSession();
  return null;
}

describe("hooks outside their providers", () => {
  it("useHiqLogout outside a HiqLogoutProvider throws the spec's message", () => {
    expect(() => renderToString(<ReadsHiqLogout />)).toThrow(
      "useHiqLogout must be used within a HiqLogoutProvider",
    );
  });

  it("useHiqLogout inside a HiqLogoutProvider works", () => {
    seen.hiq = undefined;
    renderToString(
      <HiqLogoutProvider cookie={{ domain: undefined, secure: false }} defaultReturnTo="http://localhost/">
        <ReadsHiqLogout />
      </HiqLogoutProvider>,
    );
    expect(typeof (seen.hiq as HiqLogoutValue | undefined)?.logout).toBe("function");
  });

  it("every auth operation outside <AuthProvider> throws 'You forgot to wrap your component in <Auth0Provider>.'", () => {
    renderToString(<ReadsAuth />);
    const auth = seen.auth as AuthContextValue;
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
    renderToString(<ReadsSession />);
    const session = seen.session as Session;
    expect(session).toMatchObject({ status: "signed-out", roles: [], orgId: null, customerId: null });
    await expect(session.getAccessToken()).rejects.toThrow("no auth provider is mounted");
  });
});
