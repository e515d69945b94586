// The namespaced claims that carry a user's roles, organisation and linked customer record in both the
// ID token (read by the browser) and the access token (read by the sync server). Auth0 requires custom
// claims to be namespaced with a URL; a real tenant adds them in a post-login Action. Their names alone,
// without the schema that reads them (identity-claims.ts): a page's first script reads the organisation
// before zod has loaded (src/lib/sync/early-reads.ts).
const CLAIM_NAMESPACE = "https://rangeline.app/";
export const ROLES_CLAIM = `${CLAIM_NAMESPACE}roles`;
export const ORG_ID_CLAIM = `${CLAIM_NAMESPACE}org_id`;
export const CUSTOMER_ID_CLAIM = `${CLAIM_NAMESPACE}customer_id`;
