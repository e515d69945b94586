import type * as Y from "yjs";
import type { SharedTextSource } from "./shared-text-input";

// Where an input finds a free-text field of a synced document (docs/sync-rules.md TEXT1): the document's shared text
// at `section`/`path`, written as this device's own change. Structural, so this folder needs nothing
// of the sync layer's; a SyncedDocument is one (src/lib/sync/synced-document.ts).

/** What a document offers for a bound input: its shared texts and its own-change transaction. */
export interface TextDocument {
  sharedText(section: string, path: readonly string[]): Y.Text | null;
  transactLocal(write: () => void): void;
}

/**
 * The source of the text at `section`/`path` of the document `open()` returns (null: not open yet).
 * `key` names the document and the field, so an input binds again when either changes.
 */
export function documentTextSource(
  documentKey: string,
  open: () => TextDocument | null,
  section: string,
  path: readonly string[],
): SharedTextSource {
  return {
    key: `${documentKey}\u0000${section}\u0000${path.join("\u0000")}`,
    resolve() {
      const document = open();
      const text = document?.sharedText(section, path) ?? null;
      return text && { text, transact: (write) => document?.transactLocal(write) };
    },
  };
}
