import type { User } from "@auth0/auth0-spa-js";
import type { AccessClaims } from "../../../shared/access/identity-claims";
import type { AuthState } from "./auth-state";
import type { Session } from "./session";

/** Reads a user's roles, organisation and customer record (access-claims.ts, loaded with sign-in). */
export type ClaimsReader = (user: User) => AccessClaims;

/**
 * The session the screens see (useSession), read from the auth state and the ID token's claims. A user
 * whose claims cannot be read yet (`readClaims` not loaded) is still loading: roles are not guessed.
 */
export function sessionFrom(
  auth: AuthState,
  actions: Pick<Session, "signIn" | "signOut" | "signOutEverywhere" | "getAccessToken">,
  readClaims: ClaimsReader | undefined,
): Session {
  const user: User | undefined = auth.isAuthenticated ? auth.user : undefined;
  const access = user && readClaims ? readClaims(user) : undefined;
  const known = user === undefined || access !== undefined;
  return {
    status: auth.isLoading || !known ? "loading" : user ? "signed-in" : "signed-out",
    user: user?.sub ? { sub: user.sub, name: user.name, email: user.email } : null,
    roles: access?.roles ?? [],
    orgId: access?.orgId ?? null,
    customerId: access?.customerId ?? null,
    error: auth.error ?? null,
    ...actions,
  };
}
