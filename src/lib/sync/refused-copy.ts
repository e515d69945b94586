import type { SyncReason } from "../../../shared/documents/sync-reasons";

// A device's copy of a document the server refused to take (docs/hardening.md). The device never drops it: the
// document keeps its content, stops sending, and says so until the user sends it again, exports it, or
// chooses the server's copy instead. The refusal is kept on the device beside the document (its
// database's `custom` store), so it survives a reload and a sign-out, and a document holding one is
// never deleted with the rest (device-store.ts).

/** The key of the kept refusal in the document's `custom` store. */
export const REFUSED_KEY = "refused";

/** The server refused this device's copy; when, and why (its reason code and, if sent, the detail). */
export interface DocumentRefusal {
  reason: SyncReason;
  detail?: string;
  /** ISO time on the device when the refusal arrived. */
  at: string;
}

/** A refused document, as the sync status lists it. */
export interface RefusedRecord {
  name: string;
  /** The record's name for people (a customer's name), else the document's name. */
  label: string;
  refusal: DocumentRefusal;
}

/** The stored refusal, or null when there is none (or it is not one). */
export function parseRefusal(value: unknown): DocumentRefusal | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(value) as Partial<DocumentRefusal>;
    if (typeof parsed.reason !== "string" || typeof parsed.at !== "string") return null;
    return {
      reason: parsed.reason as SyncReason,
      at: parsed.at,
      ...(typeof parsed.detail === "string" ? { detail: parsed.detail } : {}),
    };
  } catch {
    return null;
  }
}

/** Why, in words, after "This record could not be saved to the server: ". */
export function refusalReasonText({ reason, detail }: DocumentRefusal): string {
  switch (reason) {
    case "forbidden":
      return "you may not change it";
    case "invalid-document":
      return `it does not pass the server's checks${detail ? ` (${detail})` : ""}`;
    case "malformed-message":
      return "the server could not read it";
    case "document-too-large":
      return "it would make the record larger than the server keeps";
    case "too-many-documents":
      return "you created many new records in a short time; send it again later";
    default:
      return `the server refused it (${reason})`;
  }
}

export const refusalMessage = (refusal: DocumentRefusal): string =>
  `This record could not be saved to the server: ${refusalReasonText(refusal)}. Your copy is kept on this device.`;

/** The record's name for people: a profile's name when it has one, else the document's name. */
export function recordLabel(name: string, data: Record<string, unknown>): string {
  const profile = data.profile as { name?: unknown } | undefined;
  return typeof profile?.name === "string" && profile.name.trim() !== "" ? profile.name : name;
}

/** The export of a refused copy: the document's name, the refusal and the content, as JSON. */
export const exportText = (name: string, refusal: DocumentRefusal | null, data: unknown): string =>
  JSON.stringify({ document: name, exportedAt: new Date().toISOString(), refusal, content: data }, null, 2);

/** The file name of an export: `rangeline-org-demo-customer-c-1.json`. */
export const exportFileName = (name: string): string =>
  `rangeline-${name.replace(/[^A-Za-z0-9_-]+/g, "-")}.json`;
