import type { Auth0Client } from "@auth0/auth0-spa-js";
import { type ReactNode, useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { authReducer, initialAuthState } from "./auth-state";
import { type AppState, Auth0Context, type AuthContextValue } from "./auth0-context";
import { type AuthBuildSettings, type AuthSettings, resolveAuthSettings } from "./environment";
import { authErrorCode, GET_ACCESS_TOKEN_FAILED, LOGIN_FAILED, normalizeAuthError } from "./errors";
import { HiqLogoutProvider, useHiqLogout } from "./hiq-logout";
import { clearCachedIdentity, readCachedIdentity, writeCachedIdentity } from "./identity-cache";
import { logoutCookieDomain } from "./logout-cookie";
import { isPendingCallback, safeReturnTo } from "./return-to";
import { chooseSignOutScope, revokeServerSession, takeSignOutScope } from "./server-sign-out";
import { SessionContext } from "./session";
import { type ClaimsReader, sessionFrom } from "./session-from";
import { mayHaveSession } from "./session-hint";
import { runBeforeSignOut } from "./sign-out-hooks";
import { SESSION_ENDED_CODES, takeTokenRefusal } from "./token-refusals";

type Runtime = typeof import("./auth0-runtime");

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
      return { settings, error: undefined };
    } catch (error) {
      return { settings: undefined, error: normalizeAuthError(error, LOGIN_FAILED) };
    }
  });
  const { settings } = setup;
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  // The identity library and the claims parser, loaded on first need (auth0-runtime.ts).
  const [readClaims, setReadClaims] = useState<ClaimsReader | undefined>(undefined);
  const clientPromise = useRef<Promise<Auth0Client> | undefined>(undefined);
  const started = useRef(false);
  const callbacks = useRef(new Map<string, Promise<AppState | undefined>>());

  /** The client, created once; a failed load (e.g. no connection, no cached copy) is tried again next time. */
  const loadClient = useCallback((): Promise<Auth0Client> => {
    if (!settings) return Promise.reject(setup.error ?? new Error(LOGIN_FAILED));
    clientPromise.current ??= import("./auth0-runtime")
      .then((runtime: Runtime) => {
        const client = runtime.createClient(settings);
        setReadClaims(() => runtime.readAccessClaims);
        return client;
      })
      .catch((error: unknown) => {
        clientPromise.current = undefined;
        throw error;
      });
    return clientPromise.current;
  }, [settings, setup.error]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!settings) {
      dispatch({ type: "ERROR", error: setup.error ?? new Error(LOGIN_FAILED) });
      return;
    }
    // The callback page completes a pending redirect (it can then replace the address).
    if (isPendingCallback(window.location)) return;
    // Nothing on the device can make anyone signed in: the library would say so without a request.
    if (!mayHaveSession(settings.clientId, document.cookie, window.localStorage)) {
      dispatch({ type: "INITIALISED", user: undefined });
      return;
    }
    void (async () => {
      let client: Auth0Client;
      try {
        client = await loadClient();
      } catch (error) {
        dispatch({ type: "ERROR", error: normalizeAuthError(error, LOGIN_FAILED) });
        return;
      }
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
  }, [settings, setup.error, loadClient]);

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
        const auth0 = await loadClient();
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
    [loadClient],
  );

  /**
   * This device's sign-in ended elsewhere (its session revoked, the provider's gone): the signed-out
   * state as after a sign-out — documents closed and deleted from the device, the identity and token
   * cache cleared — without leaving the page. Once, however many connections found out.
   */
  const ending = useRef<Promise<void> | undefined>(undefined);
  const endSession = useCallback((auth0: Auth0Client) => {
    ending.current ??= (async () => {
      await runBeforeSignOut();
      clearCachedIdentity(window.localStorage);
      await auth0.logout({ openUrl: false }).catch(() => {});
      dispatch({ type: "LOGOUT" });
    })().finally(() => {
      ending.current = undefined;
    });
    return ending.current;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      settings,
      loginWithRedirect: async (options) => {
        try {
          await (await loadClient()).loginWithRedirect(options);
        } catch (error) {
          throw normalizeAuthError(error, LOGIN_FAILED);
        }
      },
      loginWithPopup: async (options) => {
        dispatch({ type: "LOGIN_POPUP_STARTED" });
        try {
          const auth0 = await loadClient();
          await auth0.loginWithPopup(options);
          dispatch({ type: "LOGIN_POPUP_COMPLETE", user: await auth0.getUser() });
        } catch (error) {
          dispatch({ type: "ERROR", error: normalizeAuthError(error, LOGIN_FAILED) });
        }
      },
      handleRedirectCallback,
      logout: async (options) => {
        const scope = takeSignOutScope();
        const auth0 = await loadClient();
        // The token to revoke on the server: this device's cached one; for every device, a fresh one
        // if need be (the server needs to know who asks).
        const token = await auth0
          .getTokenSilently(scope === "device" ? { cacheMode: "cache-only" } : {})
          .catch(() => undefined);
        await runBeforeSignOut();
        await revokeServerSession(token, scope);
        clearCachedIdentity(window.localStorage);
        await auth0.logout(options);
        dispatch({ type: "LOGOUT" });
      },
      getAccessTokenSilently: async (options) => {
        const auth0 = await loadClient();
        // After the server refused the last token (token-refusals.ts), ask the provider, not the cache.
        const fresh = takeTokenRefusal();
        try {
          const token = await auth0.getTokenSilently({
            ...options,
            ...(fresh ? { cacheMode: "off" as const } : {}),
            detailedResponse: false,
          });
          if (!token) throw new Error(GET_ACCESS_TOKEN_FAILED);
          return token;
        } catch (error) {
          // The provider has no session any more (signed out on all devices elsewhere): sign out here.
          const code = authErrorCode(error);
          if (fresh && code && SESSION_ENDED_CODES.has(code)) await endSession(auth0);
          throw normalizeAuthError(error, GET_ACCESS_TOKEN_FAILED);
        } finally {
          dispatch({ type: "USER_UPDATED", user: await auth0.getUser() });
        }
      },
      getIdTokenClaims: async () => (await loadClient()).getIdTokenClaims(),
      refreshUser: async () => {
        const auth0 = await loadClient();
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
    [state, settings, loadClient, handleRedirectCallback, endSession],
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
        <SessionBridge auth={value} readClaims={readClaims}>
          {children}
        </SessionBridge>
      </HiqLogoutProvider>
    </Auth0Context.Provider>
  );
}

function SessionBridge({
  auth,
  readClaims,
  children,
}: {
  auth: AuthContextValue;
  readClaims: ClaimsReader | undefined;
  children: ReactNode;
}) {
  const hiq = useHiqLogout();
  const { loginWithRedirect, getAccessTokenSilently } = auth;
  const session = useMemo(
    () =>
      sessionFrom(
        auth,
        {
          signIn: (returnTo) =>
            loginWithRedirect({
              appState: {
                returnTo: safeReturnTo(returnTo) ?? window.location.pathname + window.location.search,
              },
            }),
          signOut: () => hiq.logout(),
          signOutEverywhere: () => {
            chooseSignOutScope("everywhere");
            return hiq.logout();
          },
          getAccessToken: () => getAccessTokenSilently(),
        },
        readClaims,
      ),
    [auth, hiq, loginWithRedirect, getAccessTokenSilently, readClaims],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
