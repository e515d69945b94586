import { z } from "zod";
import { CUSTOMER_ID_CLAIM, ORG_ID_CLAIM, ROLES_CLAIM } from "./claim-names";
import { isRole, type Role } from "./roles";

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
