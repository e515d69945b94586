import { useEffect, useState } from "react";
import { documentName } from "../../../shared/documents/names";
import { sessionJson } from "../auth/authorized-json";
import { useSession } from "../auth/session";
import { useDocument } from "../sync/react/hooks";

/** Roles that read the organisation document (ACL3); the others ask the server for its branding. */
const READS_ORG = new Set(["admin", "agent", "superAdmin", "partner"]);
const REFRESH_MS = 60_000;

/**
 * The signed-in user's organisation settings as far as the look goes (name, colours, logos): from the
 * synced org document for those who read it (live), from GET /api/orgs/{o}/branding for the others
 * (customers; refreshed each minute while online). Null when signed out or not known yet.
 */
export function useOrgBranding(): Record<string, unknown> | null {
  const session = useSession();
  const orgId = session.status === "signed-in" ? session.orgId : null;
  const readsDocument = session.roles.some((r) => READS_ORG.has(r));
  const org = useDocument<"org">(orgId && readsDocument ? documentName.org(orgId) : null);
  const [fetched, setFetched] = useState<Record<string, unknown> | null>(null);
  const { getAccessToken } = session;
  useEffect(() => {
    if (!orgId || readsDocument) return;
    let live = true;
    const load = async () => {
      try {
        const branding = await sessionJson<Record<string, unknown>>(
          getAccessToken,
          `/api/orgs/${encodeURIComponent(orgId)}/branding`,
        );
        if (live) setFetched(branding);
      } catch {
        // Offline or refused: the defaults stay until the next attempt.
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [orgId, readsDocument, getAccessToken]);
  if (!orgId) return null;
  if (readsDocument) return (org.state?.data.settings as Record<string, unknown> | undefined) ?? null;
  return fetched;
}
