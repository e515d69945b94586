import type * as Y from "yjs";
import type { DocumentKind } from "../../../shared/documents/names";
import type { DocumentTransaction } from "./typed/typed-document";
import { spliceText } from "./typed/y-json";

// Device drafts kept before schema version 4 (docs/hardening.md's `draft:…` beside a document), brought to
// version 4 instead of being ignored (docs/sync-rules.md TEXT1). Before 4, a profile draft held the name and the
// address whenever the schema refused them (a partial address, a name not valid yet), so what was typed
// waited on the device. From 4 on, free text is shared text stored as typed and an address is one key
// per field: the form edits them in the document and never drafts them. A draft of before is therefore
// written into the document once — each non-empty text spliced into its shared text, each chosen
// address field set on its own key — and leaves the draft. A field emptied in a draft is not written
// (an old draft never erases a value); a value the schema refuses (a state that is no state) stays in
// the draft, where it was.

/** What a profile draft's migration needs of the customer document (a SyncedDocument is one). */
export interface DraftDocument {
  sharedText(section: string, path: readonly string[]): Y.Text | null;
  transactLocal(write: () => void): void;
  write(change: (transaction: DocumentTransaction<"customer">) => void): void;
}

type Draft = Record<string, unknown>;

const ADDRESS_TEXTS = ["line1", "line2", "city"] as const;
const ADDRESS_KEYS = ["state", "county", "zip"] as const;
const typed = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";
const isObject = (value: unknown): value is Draft =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Splices `value` into the shared text at `path` of the profile; false when there is none to write. */
function writeText(document: DraftDocument, path: readonly string[], value: string): boolean {
  const text = document.sharedText("profile", path);
  if (!text) return false;
  if (text.toString() !== value) document.transactLocal(() => spliceText(text, value));
  return true;
}

/**
 * Writes a version-3 profile draft's name and address into the customer document; returns the draft
 * without what was written (unchanged when it held neither).
 */
export function adoptProfileDraftV3(document: DraftDocument, draft: Draft): Draft {
  const rest: Draft = { ...draft };
  if ("name" in draft) {
    if (!typed(draft.name) || writeText(document, ["name"], draft.name)) delete rest.name;
  }
  if ("address" in draft) {
    const address = isObject(draft.address) ? draft.address : {};
    const left: Draft = {};
    for (const field of ADDRESS_TEXTS) {
      const value = address[field];
      if (typed(value) && !writeText(document, ["address", field], value)) left[field] = value;
    }
    for (const field of ADDRESS_KEYS) {
      const value = address[field];
      if (!typed(value)) continue;
      try {
        document.write((t) => t.set("profile", ["address", field], value));
      } catch {
        left[field] = value;
      }
    }
    if (Object.keys(left).length > 0) rest.address = left;
    else delete rest.address;
  }
  return rest;
}

/** The migration of the draft `key` of a `kind` document to version 4, if it needs one. */
export const draftMigration = (kind: DocumentKind, key: string) =>
  kind === "customer" && key === "profile" ? adoptProfileDraftV3 : null;
