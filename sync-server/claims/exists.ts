import * as Y from "yjs";
import { documentName } from "../../shared/documents/names";
import type { Storage } from "../storage/types";

// Rule ATTACH1 (docs/hardening.md): a file is attached only to a claim the server holds.
// A claim exists when its document (`org/{o}/claim/{c}`) has a `claim` section with content in storage.
// Every acknowledged write is in the document's log before its acknowledgement (STORE1), so a claim an
// agent has opened and synced is found here on every instance; a document that was only opened (its
// `meta` seeded, no claim written) is no claim.

/** True when the claim's document in storage has a `claim` section with content. */
export async function claimExists(storage: Storage, orgId: string, claimId: string): Promise<boolean> {
  const stored = await storage.loadDocument(documentName.claim(orgId, claimId));
  if (!stored.state && stored.updates.length === 0) return false;
  const doc = new Y.Doc();
  try {
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const { update } of stored.updates) Y.applyUpdate(doc, update);
    return doc.getMap("claim").size > 0;
  } finally {
    doc.destroy();
  }
}
