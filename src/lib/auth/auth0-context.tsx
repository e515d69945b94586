import type {
  GetTokenSilentlyOptions,
  IdToken,
  LogoutOptions,
  PopupLoginOptions,
  RedirectLoginOptions,
  User,
} from "@auth0/auth0-spa-js";
import { createContext, useContext } from "react";
import type { AuthState } from "./auth-state";
import type { AuthSettings } from "./environment";
import { MISSING_AUTH_PROVIDER } from "./errors";

/** Where to come back to after a redirect sign-in: a path on this origin. */
export interface AppState {
  returnTo?: string;
}

/** What the auth provider offers below it: the §4 state and the identity operations. */
export interface AuthContextValue extends AuthState {
  settings: AuthSettings | undefined;
  loginWithRedirect(options?: RedirectLoginOptions<AppState>): Promise<void>;
  loginWithPopup(options?: PopupLoginOptions): Promise<void>;
  /** Completes the redirect callback at `url` once (spec §2); returns the app state it carried. */
  handleRedirectCallback(url: string): Promise<AppState | undefined>;
  logout(options?: LogoutOptions): Promise<void>;
  getAccessTokenSilently(options?: GetTokenSilentlyOptions): Promise<string>;
  getIdTokenClaims(): Promise<IdToken | undefined>;
  /** Asks the provider again (no cache) and updates the user: roles or organisation may have changed. */
  refreshUser(): Promise<User | undefined>;
}

const missingProvider = (): never => {
  throw new Error(MISSING_AUTH_PROVIDER);
};

export const initialContext: AuthContextValue = {
  isAuthenticated: false,
  isLoading: true,
  error: undefined,
  user: undefined,
  settings: undefined,
  loginWithRedirect: missingProvider,
  loginWithPopup: missingProvider,
  handleRedirectCallback: missingProvider,
  logout: missingProvider,
  getAccessTokenSilently: missingProvider,
  getIdTokenClaims: missingProvider,
  refreshUser: missingProvider,
};

export const Auth0Context = createContext<AuthContextValue>(initialContext);

/** The auth state and operations; outside <AuthProvider> every operation throws (spec §8). */
export const useAuth0 = (): AuthContextValue => useContext(Auth0Context);
