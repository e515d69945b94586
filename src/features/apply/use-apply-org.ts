import { useLocation } from "react-router";
import { useSession } from "../../lib/auth/session";
import { applyOrg } from "./org";

export function useApplyOrg(): string {
  const location = useLocation();
  const session = useSession();
  return applyOrg(location.search, session.status === "signed-in" ? session.orgId : null);
}
