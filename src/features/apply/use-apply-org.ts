import { useLocation } from "react-router";
import { agencyOfLink } from "../../components/org-providers/agency-link";
import { useSession } from "../../lib/auth/session";
import { applyOrg } from "./org";

export function useApplyOrg(): string {
  const location = useLocation();
  const session = useSession();
  // PROV1: the device remembers the agency whose link was followed (its quote screens offer its providers).
  agencyOfLink(location.search);
  return applyOrg(location.search, session.status === "signed-in" ? session.orgId : null);
}
