import type { User } from "@auth0/auth0-spa-js";
import { type AccessClaims, accessClaimsSchema } from "../../../shared/access/identity-claims";

/** Roles, organisation and customer record from a user's ID-token claims; none when they do not parse. */
export function readAccessClaims(user: User): AccessClaims {
  const claims = accessClaimsSchema.safeParse(user);
  return claims.success ? claims.data : { roles: [], orgId: null, customerId: null };
}
