import type { UserRecord } from "../storage/types";
import type { StoredUser } from "./account-tables";

// Whose user record an organisation's admin may write (rule ADMIN1 in docs/hardening.md).
// The users table is shared by every organisation: an admin creates a user, or changes one who belongs
// to their organisation alone. A user of another organisation joins only through an invitation they
// accept (members-api.ts), never by an edit of their record. A field left out (or null) keeps what is
// stored: nothing here erases a stored e-mail or name.

export type MemberRecordRefusal = {
  error: "invite-instead" | "not-your-user";
  message: string;
};

/** The stored record with the given fields over it; a field not given keeps its stored value. */
export function mergeUser(
  id: string,
  stored: UserRecord | null,
  given: { email?: string | null; name?: string | null },
): UserRecord {
  return { id, email: given.email ?? stored?.email ?? null, name: given.name ?? stored?.name ?? null };
}

/**
 * The record `orgId`'s admin may store for user `id` (null: nothing to write), or why they may not.
 * `stored` is what the server holds of the user, with every organisation they belong to (disabled ones
 * too: a disabled organisation's user is still theirs).
 * - a user of another organisation: refused, invite them instead (nothing is written);
 * - a user of no organisation with a stored record: may be added, their record stays as it is (a
 *   different e-mail or name is refused);
 * - a new user, or one of `orgId` alone: the given fields are stored, the others kept.
 */
export function memberRecordFor(
  orgId: string,
  id: string,
  stored: StoredUser | null,
  given: { email?: string | null; name?: string | null },
): { record: UserRecord | null } | { refused: MemberRecordRefusal } {
  const organisations = stored?.organisations ?? [];
  if (organisations.some((o) => o !== orgId))
    return {
      refused: {
        error: "invite-instead",
        message: `${id} belongs to another organisation: invite them by e-mail (POST /api/orgs/${orgId}/invitations); they join when they accept. Their account is not changed from here.`,
      },
    };
  const record = mergeUser(id, stored, given);
  const changed = !stored || stored.email !== record.email || stored.name !== record.name;
  if (stored && changed && !organisations.includes(orgId))
    return {
      refused: {
        error: "not-your-user",
        message: `${id} is not a member of ${orgId}: add them without an e-mail or name (their account keeps its own), or invite them.`,
      },
    };
  return { record: changed ? record : null };
}
