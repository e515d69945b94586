import { createContext, useContext } from "react";
import type { Role } from "../../../shared/access/roles";

// The contract between the auth layer and the rest of the app. Screens read the session through
// useSession(); the auth provider (src/lib/auth) supplies it. Until a provider is mounted the session
// is signed out.

export interface SessionUser {
  /** The identity token's subject identifier. */
  sub: string;
  name?: string;
  email?: string;
}

export interface Session {
  status: "loading" | "signed-out" | "signed-in";
  user: SessionUser | null;
  roles: readonly Role[];
  orgId: string | null;
  error: Error | null;
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
}

export const signedOutSession: Session = {
  status: "signed-out",
  user: null,
  roles: [],
  orgId: null,
  error: null,
  signIn: async () => {
    throw new Error("Sign-in is not available: no auth provider is mounted.");
  },
  signOut: async () => {},
};

export const SessionContext = createContext<Session>(signedOutSession);

export const useSession = (): Session => useContext(SessionContext);
