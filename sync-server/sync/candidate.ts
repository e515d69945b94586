import * as Y from "yjs";

/**
 * Applies a client's update to a copy of the document, to learn before accepting it which sections
 * it touches and what the document would become. Throws when the update cannot be decoded.
 */
export function applyToCopy(doc: Y.Doc, update: Uint8Array): { copy: Y.Doc; touched: Set<string> } {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const touched = new Set<string>();
  copy.on("afterTransaction", (transaction: Y.Transaction) => {
    for (const type of transaction.changed.keys()) touched.add(rootName(copy, type));
  });
  Y.applyUpdate(copy, update);
  return { copy, touched };
}

// biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
function rootName(doc: Y.Doc, type: Y.AbstractType<any>): string {
  let root = type;
  // biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
  while (root._item) root = root._item.parent as Y.AbstractType<any>;
  for (const [name, candidate] of doc.share) if (candidate === root) return name;
  return "(unknown)";
}
