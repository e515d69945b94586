import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from "react";
import { LOGOUT_DEFAULTS } from "../../../shared/catalogue/app-defaults";
import { useAuth0 } from "./auth0-context";
import { MISSING_HIQ_LOGOUT_PROVIDER } from "./errors";
import {
  clearLogoutCookie,
  hasLogoutCookie,
  type LogoutCookieOptions,
  setLogoutCookie,
} from "./logout-cookie";

// Cross-application sign-out (spec §4): while signed in, clear our own marker and poll for one set by
// a sibling application or another tab; when found, stop polling and sign out here too. Signing out
// here stops polling, sets the marker for 60 s on the shared parent domain, then signs out.

export interface HiqLogoutValue {
  /** Signs out here and in every sibling application; returns to `returnTo` (default: the origin). */
  logout(returnTo?: string): Promise<void>;
}

const HiqLogoutContext = createContext<HiqLogoutValue | undefined>(undefined);

export function useHiqLogout(): HiqLogoutValue {
  const value = useContext(HiqLogoutContext);
  if (!value) throw new Error(MISSING_HIQ_LOGOUT_PROVIDER);
  return value;
}

export interface HiqLogoutProviderProps {
  children: ReactNode;
  cookie: LogoutCookieOptions;
  pollingIntervalMs?: number;
  /** Where a sign-out returns to; spec §2: the application's origin. */
  defaultReturnTo?: string;
}

export function HiqLogoutProvider({
  children,
  cookie,
  pollingIntervalMs = LOGOUT_DEFAULTS.pollingIntervalMs,
  defaultReturnTo = window.location.origin,
}: HiqLogoutProviderProps) {
  const { isAuthenticated, isLoading, logout: auth0Logout } = useAuth0();
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  // The latest sign-out, so the poller is set up once per sign-in rather than on every state change
  // (each set-up clears the marker, which must not wipe one a sibling has just set).
  const auth0LogoutRef = useRef(auth0Logout);
  auth0LogoutRef.current = auth0Logout;
  const stopPolling = useCallback(() => {
    if (timer.current !== undefined) clearInterval(timer.current);
    timer.current = undefined;
  }, []);
  const signOutHere = useCallback(
    (returnTo: string) => auth0LogoutRef.current({ logoutParams: { returnTo } }),
    [],
  );

  useEffect(() => {
    if (!isAuthenticated || isLoading) return;
    clearLogoutCookie(document, cookie);
    timer.current = setInterval(() => {
      if (!hasLogoutCookie(document)) return;
      stopPolling();
      void signOutHere(defaultReturnTo);
    }, pollingIntervalMs);
    return stopPolling;
  }, [isAuthenticated, isLoading, cookie, pollingIntervalMs, defaultReturnTo, signOutHere, stopPolling]);

  const value = useMemo<HiqLogoutValue>(
    () => ({
      logout: async (returnTo = defaultReturnTo) => {
        stopPolling();
        setLogoutCookie(document, cookie);
        await signOutHere(returnTo);
      },
    }),
    [cookie, defaultReturnTo, signOutHere, stopPolling],
  );
  return <HiqLogoutContext.Provider value={value}>{children}</HiqLogoutContext.Provider>;
}
