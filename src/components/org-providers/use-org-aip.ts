import { useMemo } from "react";
import { type AipSettings, aipOf } from "../../../shared/admin/aip";
import { documentName } from "../../../shared/documents/names";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync/react/hooks";

/**
 * The signed-in user's organisation's AIP settings (issue 13 §2) from the org document; null when
 * there are none or the user cannot read them (the whole catalogue applies then).
 */
export function useOrgAip(): AipSettings | null {
  const session = useSession();
  const orgId = session.status === "signed-in" ? session.orgId : null;
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const aip = (org.state?.data.settings as { aip?: unknown } | undefined)?.aip;
  const key = JSON.stringify(aip ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by content.
  return useMemo(() => aipOf({ aip }), [key]);
}
