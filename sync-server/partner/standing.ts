import { orgDisabled } from "../admin/disabled-orgs";
import type { Storage } from "../storage/types";
import type { ApiKeyRecord } from "./tables";

// KEY1 (docs/partner-api.md): a key speaks for its owner in its organisation, so each check of a key also
// asks whether the organisation is enabled (ORG1) and whether the owner is still one of its partners —
// a partner removed from the organisation, or moved to another role, loses every key they made there.

export type KeyStanding = "ok" | "org-disabled" | "owner-left";

export async function keyStanding(storage: Storage, key: ApiKeyRecord): Promise<KeyStanding> {
  if (await orgDisabled(storage, key.orgId)) return "org-disabled";
  const owner = await storage.members.loadSubject(key.userId);
  const partner = owner.memberships.some((m) => m.orgId === key.orgId && m.role === "partner");
  return partner ? "ok" : "owner-left";
}
