import { z } from "zod";
import { isRole, type Role } from "./roles";

// The namespaced claims that carry a user's roles, organisation and linked customer record in both the
// ID token (read by the browser) and the access token (read by the sync server). Auth0 requires custom
// claims to be namespaced with a URL; a real tenant adds them in a post-login Action.
export const CLAIM_NAMESPACE = "https://rangeline.app/";
export const ROLES_CLAIM = `${CLAIM_NAMESPACE}roles`;
export const ORG_ID_CLAIM = `${CLAIM_NAMESPACE}org_id`;
export const CUSTOMER_ID_CLAIM = `${CLAIM_NAMESPACE}customer_id`;

/** What the namespaced claims say about a user. Unknown role names (another app's roles) are ignored. */
export interface AccessClaims {
  roles: Role[];
  orgId: string | null;
  customerId: string | null;
}

const optionalId = z
  .string()
  .min(1)
  .nullish()
  .transform((value) => value ?? null);

export const accessClaimsSchema = z
  .object({
    [ROLES_CLAIM]: z.array(z.string()).optional(),
    [ORG_ID_CLAIM]: optionalId,
    [CUSTOMER_ID_CLAIM]: optionalId,
  })
  .transform(
    (claims): AccessClaims => ({
      roles: (claims[ROLES_CLAIM] ?? []).filter(isRole),
      orgId: claims[ORG_ID_CLAIM],
      customerId: claims[CUSTOMER_ID_CLAIM],
    }),
  );

/** The namespaced claims for a user, ready to put into a token payload. */
export const toAccessClaims = (claims: AccessClaims): Record<string, unknown> => ({
  [ROLES_CLAIM]: [...claims.roles],
  ...(claims.orgId === null ? {} : { [ORG_ID_CLAIM]: claims.orgId }),
  ...(claims.customerId === null ? {} : { [CUSTOMER_ID_CLAIM]: claims.customerId }),
});
