import type { Grant, Subject } from "../../shared/access/documents";
import type { DocumentRef } from "../../shared/documents/names";
import type { Identity } from "../identity/verify";

/** What the sync server knows about one authenticated document connection. */
export interface SyncContext {
  identity: Identity;
  subject: Subject;
  ref: DocumentRef;
  grant: Grant;
}

export type VerifyToken = (token: string) => Promise<Identity>;

export const isSyncContext = (value: unknown): value is SyncContext =>
  typeof value === "object" && value !== null && "identity" in value && "ref" in value && "grant" in value;
