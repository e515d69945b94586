import * as Y from "yjs";

/**
 * A shadow copy of each loaded document that follows it update by update, so the write guard can apply
 * a client's update to the shadow first — to learn which sections it touches and what the document
 * would become — without copying the whole document for every message. A refused update leaves the
 * shadow ahead of the document, so it is dropped and rebuilt on next use.
 */
export class Shadows {
  private readonly shadows = new WeakMap<Y.Doc, Y.Doc>();
  private readonly following = new WeakSet<Y.Doc>();

  private shadowOf(doc: Y.Doc): Y.Doc {
    let shadow = this.shadows.get(doc);
    if (!shadow) {
      shadow = new Y.Doc();
      Y.applyUpdate(shadow, Y.encodeStateAsUpdate(doc));
      this.shadows.set(doc, shadow);
    }
    if (!this.following.has(doc)) {
      this.following.add(doc);
      doc.on("update", (update: Uint8Array) => {
        const current = this.shadows.get(doc);
        if (current) Y.applyUpdate(current, update);
      });
      doc.on("destroy", () => this.discard(doc));
    }
    return shadow;
  }

  /**
   * Applies `update` to the shadow of `doc` and returns the shadow and the sections the update
   * touches. Throws when the update cannot be decoded (and the shadow is discarded).
   */
  try(doc: Y.Doc, update: Uint8Array): { shadow: Y.Doc; touched: Set<string> } {
    const shadow = this.shadowOf(doc);
    const touched = new Set<string>();
    const collect = (transaction: Y.Transaction) => {
      for (const type of transaction.changed.keys()) touched.add(rootName(shadow, type));
    };
    shadow.on("afterTransaction", collect);
    try {
      Y.applyUpdate(shadow, update);
    } catch (error) {
      this.discard(doc);
      throw error;
    } finally {
      shadow.off("afterTransaction", collect);
    }
    return { shadow, touched };
  }

  /** Forgets the shadow of `doc` (after a refused update), to be rebuilt from the document. */
  discard(doc: Y.Doc): void {
    this.shadows.get(doc)?.destroy();
    this.shadows.delete(doc);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
function rootName(doc: Y.Doc, type: Y.AbstractType<any>): string {
  let root = type;
  // biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
  while (root._item) root = root._item.parent as Y.AbstractType<any>;
  for (const [name, candidate] of doc.share) if (candidate === root) return name;
  return "(unknown)";
}
