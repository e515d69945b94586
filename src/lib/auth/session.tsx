import { createContext, useContext } from "react";
import type { Role } from "../../../shared/access/roles";

// The contract between the auth layer and the rest of the app. Screens read the session through
// useSession(); the auth provider (src/lib/auth/auth-provider.tsx) supplies it. Until a provider is
// mounted the session is signed out.

export interface SessionUser {
  /** The identity token's subject identifier. */
  sub: string;
  name?: string;
  email?: string;
}

export interface Session {
  status: "loading" | "signed-out" | "signed-in";
  user: SessionUser | null;
  /** From the ID token's namespaced claim https://rangeline.app/roles. */
  roles: readonly Role[];
  /** From https://rangeline.app/org_id. */
  orgId: string | null;
  /** The customer record a customer user is linked to (https://rangeline.app/customer_id). */
  customerId: string | null;
  error: Error | null;
  /** Starts a redirect sign-in; comes back to `returnTo` (a path on this origin), default the current page. */
  signIn(returnTo?: string): Promise<void>;
  /** Signs out here and in the sibling applications (the hiqLogout cookie), back to the origin. */
  signOut(): Promise<void>;
  /** Signs out here and ends every other session of the user on the server too (docs/hardening.md). */
  signOutEverywhere(): Promise<void>;
  /** A current access token for the sync server and /api (from the cache, else silently renewed). */
  getAccessToken(): Promise<string>;
}

const noProvider = async (): Promise<never> => {
  throw new Error("Sign-in is not available: no auth provider is mounted.");
};

export const signedOutSession: Session = {
  status: "signed-out",
  user: null,
  roles: [],
  orgId: null,
  customerId: null,
  error: null,
  signIn: noProvider,
  signOut: async () => {},
  signOutEverywhere: async () => {},
  getAccessToken: noProvider,
};

export const SessionContext = createContext<Session>(signedOutSession);

export const useSession = (): Session => useContext(SessionContext);
