import { sessionJson as adminFetch } from "../../lib/auth/authorized-json";

// The document history API (sync-server/history/api.ts) as the screen calls it: admins of the
// organisation (and super administrators) only.

export interface HistoryDocument {
  name: string;
  kind: string;
  id: string | null;
}

export interface HistoryChange {
  seq: number;
  at: string;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  records: { section: string; key: string | null }[];
  /** The book import that wrote this change, when one did (docs/book-import.md "History label"). */
  import?: { id: string; fileName: string };
}

export interface DocumentHistory {
  document: string;
  since: string;
  sections: string[];
  changes: HistoryChange[];
  total: number;
}

export interface PastState {
  document: string;
  at: string;
  since: string;
  sections: Record<string, Record<string, unknown>>;
  recordSections: string[];
}

type Token = () => Promise<string>;
const base = (orgId: string) => `/api/orgs/${encodeURIComponent(orgId)}/document-history`;

export const listDocuments = (token: Token, orgId: string) =>
  adminFetch<{ documents: HistoryDocument[] }>(token, `${base(orgId)}/documents`);

export const readHistory = (token: Token, orgId: string, document: string) =>
  adminFetch<DocumentHistory>(token, `${base(orgId)}?document=${encodeURIComponent(document)}`);

export const readState = (token: Token, orgId: string, document: string, at: number) =>
  adminFetch<PastState>(token, `${base(orgId)}/state?document=${encodeURIComponent(document)}&at=${at}`);

export const restore = (
  token: Token,
  orgId: string,
  body: { document: string; at: number; section?: string; key?: string },
) =>
  adminFetch<{ changed: boolean }>(token, `${base(orgId)}/restore`, {
    method: "POST",
    json: body,
  });

/** "entities e-1", "profile": how a record is named on the screen. */
export const recordLabel = (r: { section: string; key: string | null }): string =>
  r.key === null ? r.section : `${r.section} ${r.key}`;

/** The time just before a change: the point a restore "before this change" goes back to. */
export const justBefore = (at: string): number => Date.parse(at) - 1;
