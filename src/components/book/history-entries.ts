// A record's history as the sync server reports it (GET /api/orgs/{orgId}/customers/{customerId}/
// history?record={id}, sync-server/http/sync-api.ts, rule AUDIT1): who changed which fields of the
// record, and when. The server records it from the connection's verified identity and its own clock,
// never from what a client said about itself. The answer is `{ history: [{ id, document, section,
// record, action, fields, at, user: { id, email, name } }] }`; this file reads it defensively (an entry
// that does not fit is skipped, never shown half) and groups it for display.

import { DEFAULT_ORG_TIME_ZONE } from "../../../shared/schemas/time-zone-names";
import { formatDateTimeIn } from "../org-time/org-time";

export interface HistoryEntry {
  /** When the server received the change (ISO instant). */
  at: string;
  userId: string;
  /** The person's name (or e-mail) from the server's member table; the user id when it has none. */
  user: string;
  section: string;
  recordId: string;
  /** created, changed or removed. */
  action: "created" | "changed" | "removed";
  /** Paths of the fields that changed ("legalName", "address.city"): names only, never values. */
  fields: string[];
}

const ACTIONS = new Set(["created", "changed", "removed"]);

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** One entry of the response, or null when it lacks what the list needs (when, who). */
export function parseHistoryEntry(raw: unknown): HistoryEntry | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const at = text(r.at);
  if (!at || Number.isNaN(Date.parse(at))) return null;
  const userObject =
    typeof r.user === "object" && r.user !== null ? (r.user as Record<string, unknown>) : null;
  const userId = text(r.userId) ?? text(userObject?.id) ?? "";
  const user =
    text(r.user) ?? text(r.userName) ?? text(userObject?.name) ?? text(userObject?.email) ?? text(userId);
  if (!user) return null;
  const fields = Array.isArray(r.fields) ? r.fields.filter((f): f is string => typeof f === "string") : [];
  const action = text(r.action);
  return {
    at,
    userId,
    user,
    section: text(r.section) ?? "",
    recordId: text(r.recordId) ?? text(r.record) ?? "",
    action: action && ACTIONS.has(action) ? (action as HistoryEntry["action"]) : "changed",
    fields,
  };
}

/** The response body: an array of entries, or an object holding one under `entries` / `history`. */
export function parseHistory(body: unknown): HistoryEntry[] {
  const list = Array.isArray(body)
    ? body
    : typeof body === "object" && body !== null
      ? ((body as Record<string, unknown>).entries ?? (body as Record<string, unknown>).history)
      : null;
  if (!Array.isArray(list)) throw new Error("The server's history answer was not a list of changes.");
  return list
    .map(parseHistoryEntry)
    .filter((e): e is HistoryEntry => e !== null)
    .sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * Entries newest first, with consecutive changes by the same person within `windowMs` merged into one
 * line (typing a name is many updates, one change to a reader), fields in first-seen order.
 */
export function groupHistory(entries: readonly HistoryEntry[], windowMs = 2 * 60_000): HistoryEntry[] {
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  const groups: { entry: HistoryEntry; earliest: number }[] = [];
  for (const entry of sorted) {
    const last = groups[groups.length - 1];
    const at = Date.parse(entry.at);
    if (
      last &&
      last.entry.userId === entry.userId &&
      last.entry.user === entry.user &&
      last.entry.section === entry.section &&
      last.entry.recordId === entry.recordId &&
      last.entry.action === entry.action &&
      last.earliest - at <= windowMs
    ) {
      for (const f of entry.fields) if (!last.entry.fields.includes(f)) last.entry.fields.push(f);
      last.earliest = at;
      continue;
    }
    groups.push({ entry: { ...entry, fields: [...entry.fields] }, earliest: at });
  }
  return groups.map((g) => g.entry);
}

/** The fields worth naming: the stamps every write sets say nothing a reader needs. */
const STAMPS = new Set(["updatedAt", "updatedBy", "createdAt"]);
export const meaningfulFields = (fields: readonly string[]): string[] => fields.filter((f) => !STAMPS.has(f));

/**
 * What a person did, after their name: "changed Name, City", "created the record". With
 * `describeRecord` (a history of the whole customer) it names the record: "changed Head of coverage X".
 */
export function describeEntry(
  entry: HistoryEntry,
  fieldLabel: (field: string, section: string) => string,
  describeRecord?: (section: string, recordId: string) => string,
): string {
  const record = describeRecord ? describeRecord(entry.section, entry.recordId) : "the record";
  if (entry.action === "created") return `created ${record}`;
  if (entry.action === "removed") return `removed ${record}`;
  const fields = [...new Set(meaningfulFields(entry.fields).map((f) => fieldLabel(f, entry.section)))];
  if (fields.length === 0) return `saved ${record}`;
  return describeRecord ? `changed ${fields.join(", ")} of ${record}` : `changed ${fields.join(", ")}`;
}

/**
 * DATE1: "Nov 20, 2026, 2:05 PM Central time": in the organisation's zone (Central when unknown), the zone
 * named — never the device's zone (components/org-time, the one rule of times on screen).
 */
export const formatHistoryTime = (iso: string, timeZone?: string): string =>
  formatDateTimeIn(iso, timeZone ?? DEFAULT_ORG_TIME_ZONE);
