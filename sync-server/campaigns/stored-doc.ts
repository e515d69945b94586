import * as Y from "yjs";
import type { Storage } from "../storage/types";
import { documentJson } from "../sync/doc-json";

/** A stored document as JSON (its compacted state and log applied); {} when it was never written. */
export async function storedDocumentJson(storage: Storage, name: string): Promise<Record<string, unknown>> {
  const stored = await storage.loadDocument(name);
  const doc = new Y.Doc();
  try {
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const u of stored.updates) Y.applyUpdate(doc, u.update);
    return documentJson(doc);
  } finally {
    doc.destroy();
  }
}
