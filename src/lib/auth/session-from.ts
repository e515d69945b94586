import type { User } from "@auth0/auth0-spa-js";
import { accessClaimsSchema } from "../../../shared/access/identity-claims";
import type { AuthState } from "./auth-state";
import type { Session } from "./session";

/** The session the screens see (useSession), read from the auth state and the ID token's claims. */
export function sessionFrom(
  auth: AuthState,
  actions: Pick<Session, "signIn" | "signOut" | "getAccessToken">,
): Session {
  const user: User | undefined = auth.isAuthenticated ? auth.user : undefined;
  const claims = accessClaimsSchema.safeParse(user ?? {});
  const access = claims.success ? claims.data : { roles: [], orgId: null, customerId: null };
  return {
    status: auth.isLoading ? "loading" : user ? "signed-in" : "signed-out",
    user: user?.sub ? { sub: user.sub, name: user.name, email: user.email } : null,
    roles: user ? access.roles : [],
    orgId: user ? access.orgId : null,
    customerId: user ? access.customerId : null,
    error: auth.error ?? null,
    ...actions,
  };
}
