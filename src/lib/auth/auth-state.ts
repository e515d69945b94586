import type { User } from "@auth0/auth0-spa-js";

// Spec §4 "Authentication": starts loading and not authenticated; initialisation (a completed redirect
// callback or a session check) ends loading with the user if any; a popup login sets loading, then
// completes with the user; logout clears the user; an error ends loading and keeps the error.

export interface AuthState {
  isAuthenticated: boolean;
  isLoading: boolean;
  error: Error | undefined;
  user: User | undefined;
}

export type AuthAction =
  | { type: "INITIALISED"; user: User | undefined }
  | { type: "LOGIN_POPUP_STARTED" }
  | { type: "LOGIN_POPUP_COMPLETE"; user: User | undefined }
  | { type: "USER_UPDATED"; user: User | undefined }
  | { type: "LOGOUT" }
  | { type: "ERROR"; error: Error };

export const initialAuthState: AuthState = {
  isAuthenticated: false,
  isLoading: true,
  error: undefined,
  user: undefined,
};

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "LOGIN_POPUP_STARTED":
      return { ...state, isLoading: true };
    case "INITIALISED":
    case "LOGIN_POPUP_COMPLETE":
      return {
        ...state,
        isAuthenticated: Boolean(action.user),
        user: action.user,
        isLoading: false,
        error: undefined,
      };
    case "USER_UPDATED":
      if (sameUser(state.user, action.user)) return state;
      return { ...state, isAuthenticated: Boolean(action.user), user: action.user };
    case "LOGOUT":
      return { ...state, isAuthenticated: false, user: undefined };
    case "ERROR":
      return { ...state, isLoading: false, error: action.error };
  }
}

const sameUser = (a: User | undefined, b: User | undefined) =>
  a === b || JSON.stringify(a) === JSON.stringify(b);
