import { isTransactionOrigin } from "@hocuspocus/server";
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
      doc.on("update", (update: Uint8Array, origin: unknown) => {
        // A client's update reached the document only after the guard applied it to the shadow.
        if (isTransactionOrigin(origin) && origin.source === "connection") return;
        const current = this.shadows.get(doc);
        if (current) Y.applyUpdate(current, update);
      });
      doc.on("destroy", () => this.discard(doc));
    }
    return shadow;
  }

  /**
   * Applies `update` to the shadow of `doc` and returns the shadow and what the update touches: per
   * section, the top-level keys it changes (null when it changes the section as a whole, e.g. list
   * content). Throws when the update cannot be decoded (and the shadow is discarded).
   */
  try(doc: Y.Doc, update: Uint8Array): { shadow: Y.Doc; touched: Touched } {
    const shadow = this.shadowOf(doc);
    const touched: Touched = new Map();
    const note = (section: string, key: string | null) => {
      const keys = touched.get(section);
      if (keys === null) return;
      if (key === null) touched.set(section, null);
      else touched.set(section, (keys ?? new Set()).add(key));
    };
    const collect = (transaction: Y.Transaction) => {
      for (const [type, keys] of transaction.changed) {
        const { section, key } = locate(shadow, type);
        if (key !== undefined) note(section, key);
        else for (const changed of keys) note(section, changed);
      }
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

/** Per touched section, the top-level keys changed, or null for the section as a whole. */
export type Touched = Map<string, Set<string> | null>;

/**
 * The section (top-level type) a changed type belongs to and, for a type nested inside a section, the
 * section's key that holds it (null when the section holds list content).
 */
// biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
function locate(doc: Y.Doc, type: Y.AbstractType<any>): { section: string; key?: string | null } {
  let root = type;
  let key: string | null | undefined;
  while (root._item) {
    key = root._item.parentSub;
    // biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
    root = root._item.parent as Y.AbstractType<any>;
  }
  for (const [name, candidate] of doc.share) if (candidate === root) return { section: name, key };
  return { section: "(unknown)", key };
}
