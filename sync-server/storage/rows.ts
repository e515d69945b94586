import * as Y from "yjs";
import { isRole } from "../../shared/access/roles";
import type { MemberRecord } from "./types";

/** The union of a stored state and a newer one (Yjs updates merge idempotently). */
export const mergeStates = (stored: Uint8Array | null, state: Uint8Array): Uint8Array =>
  stored ? Y.mergeUpdates([stored, state]) : state;

/** Folds one row per (user, role) into one member per user. */
export function groupMembers(
  rows: readonly { id: string; email: string | null; name: string | null; role: string }[],
): MemberRecord[] {
  const members = new Map<string, MemberRecord>();
  for (const row of rows) {
    const member = members.get(row.id) ?? { id: row.id, email: row.email, name: row.name, roles: [] };
    if (isRole(row.role)) member.roles.push(row.role);
    members.set(row.id, member);
  }
  return [...members.values()];
}
