import * as Y from "yjs";
import { isRole } from "../../shared/access/roles";
import type { HistoryRecord, MemberRecord } from "./types";

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

/** A row of record_history joined with the writer's user row. */
export interface HistoryRow {
  id: number | string;
  document_name: string;
  section: string;
  record_key: string;
  action: string;
  fields: string;
  user_id: string;
  at: number | string;
  email: string | null;
  name: string | null;
}

export const historyRecord = (r: HistoryRow): HistoryRecord => ({
  id: Number(r.id),
  documentName: r.document_name,
  section: r.section,
  recordKey: r.record_key,
  action: r.action as HistoryRecord["action"],
  fields: JSON.parse(r.fields) as string[],
  userId: r.user_id,
  at: Number(r.at),
  userEmail: r.email,
  userName: r.name,
});
