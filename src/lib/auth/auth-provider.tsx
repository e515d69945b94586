import { Auth0Client } from "@auth0/auth0-spa-js";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { IDENTITY_DEFAULTS } from "../../../shared/catalogue/app-defaults";
import { authReducer, initialAuthState } from "./auth-state";
import { type AppState, Auth0Context, type AuthContextValue } from "./auth0-context";
import { type AuthBuildSettings, type AuthSettings, resolveAuthSettings } from "./environment";
import { authErrorCode, GET_ACCESS_TOKEN_FAILED, LOGIN_FAILED, normalizeAuthError } from "./errors";
import { HiqLogoutProvider, useHiqLogout } from "./hiq-logout";
import { clearCachedIdentity, readCachedIdentity, writeCachedIdentity } from "./identity-cache";
import { logoutCookieDomain } from "./logout-cookie";
import { isPendingCallback, safeReturnTo } from "./return-to";
import { SessionContext } from "./session";
import { sessionFrom } from "./session-from";
import { runBeforeSignOut } from "./sign-out-hooks";

function createClient(settings: AuthSettings): Auth0Client {
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

export interface AuthProviderProps {
  children: ReactNode;
  /** Defaults to the settings for this page's host name and the build's VITE_* variables. */
  settings?: AuthSettings;
}

/**
 * Signs users in with @auth0/auth0-spa-js (the embedded provider in development and test, Auth0 in
 * staging and production), runs the §4 state machine, cross-application sign-out, and provides
 * useAuth0(), useHiqLogout() and useSession() below it.
 */
export function AuthProvider({ children, settings: given }: AuthProviderProps) {
  const [setup] = useState(() => {
    try {
      const settings = given ?? resolveAuthSettings(window.location, import.meta.env as AuthBuildSettings);
      return { settings, client: createClient(settings), error: undefined };
    } catch (error) {
      return { settings: undefined, client: undefined, error: normalizeAuthError(error, LOGIN_FAILED) };
    }
  });
  const { settings, client } = setup;
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const started = useRef(false);
  const callbacks = useRef(new Map<string, Promise<AppState | undefined>>());

  const requireClient = useCallback((): Auth0Client => {
    if (!client) throw setup.error ?? new Error(LOGIN_FAILED);
    return client;
  }, [client, setup.error]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!client) {
      dispatch({ type: "ERROR", error: setup.error ?? new Error(LOGIN_FAILED) });
      return;
    }
    // The callback page completes a pending redirect (it can then replace the address).
    if (isPendingCallback(window.location)) return;
    void (async () => {
      const cached = readCachedIdentity(window.localStorage)?.user;
      if (!navigator.onLine) {
        dispatch({ type: "INITIALISED", user: (await client.getUser()) ?? cached });
        return;
      }
      try {
        await client.checkSession();
        const user = await client.getUser();
        if (!user) clearCachedIdentity(window.localStorage);
        dispatch({ type: "INITIALISED", user });
      } catch (error) {
        // The provider cannot be reached (timeout, network): keep the last confirmed identity.
        const unreachable = authErrorCode(error) === "timeout" || error instanceof TypeError;
        if (unreachable && cached)
          dispatch({ type: "INITIALISED", user: (await client.getUser()) ?? cached });
        else dispatch({ type: "ERROR", error: normalizeAuthError(error, LOGIN_FAILED) });
      }
    })();
  }, [client, setup.error]);

  useEffect(() => {
    if (state.isAuthenticated && state.user) {
      writeCachedIdentity(window.localStorage, { user: state.user, verifiedAt: Date.now() });
    }
  }, [state.isAuthenticated, state.user]);

  const handleRedirectCallback = useCallback(
    (url: string) => {
      const pending = callbacks.current.get(url);
      if (pending) return pending;
      const completion = (async () => {
        const auth0 = requireClient();
        try {
          const result = await auth0.handleRedirectCallback<AppState>(url);
          dispatch({ type: "INITIALISED", user: await auth0.getUser() });
          return result.appState;
        } catch (error) {
          const normalized = normalizeAuthError(error, LOGIN_FAILED);
          dispatch({ type: "ERROR", error: normalized });
          throw normalized;
        }
      })();
      callbacks.current.set(url, completion);
      return completion;
    },
    [requireClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      settings,
      loginWithRedirect: async (options) => {
        try {
          await requireClient().loginWithRedirect(options);
        } catch (error) {
          throw normalizeAuthError(error, LOGIN_FAILED);
        }
      },
      loginWithPopup: async (options) => {
        dispatch({ type: "LOGIN_POPUP_STARTED" });
        try {
          const auth0 = requireClient();
          await auth0.loginWithPopup(options);
          dispatch({ type: "LOGIN_POPUP_COMPLETE", user: await auth0.getUser() });
        } catch (error) {
          dispatch({ type: "ERROR", error: normalizeAuthError(error, LOGIN_FAILED) });
        }
      },
      handleRedirectCallback,
      logout: async (options) => {
        await runBeforeSignOut();
        clearCachedIdentity(window.localStorage);
        await requireClient().logout(options);
        dispatch({ type: "LOGOUT" });
      },
      getAccessTokenSilently: async (options) => {
        const auth0 = requireClient();
        try {
          const token = await auth0.getTokenSilently({ ...options, detailedResponse: false });
          if (!token) throw new Error(GET_ACCESS_TOKEN_FAILED);
          return token;
        } catch (error) {
          throw normalizeAuthError(error, GET_ACCESS_TOKEN_FAILED);
        } finally {
          dispatch({ type: "USER_UPDATED", user: await auth0.getUser() });
        }
      },
      getIdTokenClaims: () => requireClient().getIdTokenClaims(),
      refreshUser: async () => {
        const auth0 = requireClient();
        try {
          await auth0.getTokenSilently({ cacheMode: "off" });
        } catch (error) {
          throw normalizeAuthError(error, GET_ACCESS_TOKEN_FAILED);
        } finally {
          dispatch({ type: "USER_UPDATED", user: await auth0.getUser() });
        }
        return auth0.getUser();
      },
    }),
    [state, settings, requireClient, handleRedirectCallback],
  );

  const cookie = useMemo(
    () => ({
      domain: logoutCookieDomain(
        window.location.hostname,
        (import.meta.env as { VITE_LOGOUT_COOKIE_DOMAIN?: string }).VITE_LOGOUT_COOKIE_DOMAIN,
      ),
      secure: window.location.protocol === "https:",
    }),
    [],
  );

  return (
    <Auth0Context.Provider value={value}>
      <HiqLogoutProvider cookie={cookie}>
        <SessionBridge auth={value}>{children}</SessionBridge>
      </HiqLogoutProvider>
    </Auth0Context.Provider>
  );
}

function SessionBridge({ auth, children }: { auth: AuthContextValue; children: ReactNode }) {
  const hiq = useHiqLogout();
  const { loginWithRedirect, getAccessTokenSilently } = auth;
  const session = useMemo(
    () =>
      sessionFrom(auth, {
        signIn: (returnTo) =>
          loginWithRedirect({
            appState: {
              returnTo: safeReturnTo(returnTo) ?? window.location.pathname + window.location.search,
            },
          }),
        signOut: () => hiq.logout(),
        getAccessToken: () => getAccessTokenSilently(),
      }),
    [auth, hiq, loginWithRedirect, getAccessTokenSilently],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
