import type { AipSettings } from "../../../shared/admin/aip";
import { documentName } from "../../../shared/documents/names";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync/react/hooks";

/**
 * The signed-in user's organisation's AIP settings (docs/administration.md) from the org document; null when
 * there are none or the user cannot read them (the whole catalogue applies then). A producer (customer role
 * only) cannot read the org document: it is not opened for them (quote forms ask the agency, use-quote-providers.ts).
 */
export function useOrgAip(): AipSettings | null {
  const session = useSession();
  const staff = session.roles.some((r) => r !== "customer");
  const orgId = session.status === "signed-in" && staff ? session.orgId : null;
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  // The typed document parsed `settings` with the organisation settings schema (aip included), so
  // what it holds is valid: no second parse here (and no zod on a signed-out visitor's first screen).
  return (org.state?.data.settings as { aip?: AipSettings } | undefined)?.aip ?? null;
}
