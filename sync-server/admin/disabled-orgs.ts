import type { DocumentRef } from "../../shared/documents/names";
import { nowMs } from "../clock";
import type { MemberTables } from "../members/tables";
import { withOverrides } from "../storage/overrides";
import type { Storage } from "../storage/types";

// A disabled organisation (docs/administration.md; `disabledAt`): its members keep their rows in the membership
// table, but the server treats them as members of nothing there — every access decision loads the
// subject through this wrapper, so the sync server refuses the organisation's documents (and closes
// live connections when told the memberships changed) and the APIs refuse its routes.

export interface DisabledOrgs {
  storage: Storage;
  /** Reads the disabled organisations again (after a change, or a change by another instance). */
  refresh(): Promise<void>;
  isDisabled(orgId: string): boolean;
}

/**
 * How stale this instance's list of disabled organisations may be (ORG1): another instance's change to it
 * counts here within this time (the instance that made it refreshes at once).
 */
const REFRESH_EVERY_MS = 2_000;
/** The wrapped storage answers whether an organisation is disabled under this key. */
const IS_DISABLED = Symbol("rangeline.isOrgDisabled");

/**
 * Why a user lost (or never had) access to `ref`: `org-disabled` when its organisation is disabled —
 * the client tells its user so (docs/administration.md) — else `forbidden`. `storage` is the one the sync server
 * was given (wrapped by withDisabledOrgs; any other storage answers `forbidden`).
 */
export function lostAccessReason(storage: Storage, ref: DocumentRef): "org-disabled" | "forbidden" {
  const isDisabled = (storage as { [IS_DISABLED]?: (orgId: string) => boolean })[IS_DISABLED];
  return "orgId" in ref && isDisabled?.(ref.orgId) ? "org-disabled" : "forbidden";
}

/**
 * Whether `orgId` is disabled now, read from the organisations table (ORG1: an API key's check and an
 * anonymous application ask the table itself, not this instance's list).
 */
export async function orgDisabled(storage: Storage, orgId: string): Promise<boolean> {
  return ((await storage.platform.getOrganisation(orgId))?.disabledAt ?? null) !== null;
}

export async function withDisabledOrgs(storage: Storage, now: () => number = nowMs): Promise<DisabledOrgs> {
  let disabled = new Set<string>();
  let readAt = 0;
  const refresh = async () => {
    disabled = new Set(
      (await storage.platform.listOrganisations()).filter((o) => o.disabledAt !== null).map((o) => o.id),
    );
    readAt = now();
  };
  await refresh();
  const loadSubject: MemberTables["loadSubject"] = async (userId) => {
    if (now() - readAt > REFRESH_EVERY_MS) await refresh();
    const subject = await storage.members.loadSubject(userId);
    if (disabled.size === 0) return subject;
    return {
      ...subject,
      // The platform's role is no organisation's: a superAdmin stays one (and may enable it again).
      memberships: subject.memberships.filter((m) => m.role === "superAdmin" || !disabled.has(m.orgId)),
      customerLinks: subject.customerLinks.filter((l) => !disabled.has(l.orgId)),
    };
  };
  const isDisabled = (orgId: string) => disabled.has(orgId);
  const members = withOverrides(storage.members, { loadSubject });
  const wrapped = withOverrides(storage, { members, [IS_DISABLED]: isDisabled });
  return { storage: wrapped, refresh, isDisabled };
}
