import * as Y from "yjs";

/**
 * The write guard's full path: a copy of the document with a client's update applied, and what the
 * update touches. Used for the writes the entry scan (entry-scan.ts) does not accept outright — nested
 * types, list content, refusals — so the copy is made afresh each time from the document as it is:
 * nothing to keep in step with it.
 *
 * Returns the copy; per section, the top-level keys the update changes (null when it changes the
 * section as a whole, e.g. list content); and the paths it changes inside sections (`paths`: the keys
 * from the section down to each changed key, for the record history). Throws when the update cannot be
 * decoded.
 */
export function applyToCopy(
  doc: Y.Doc,
  update: Uint8Array,
): { shadow: Y.Doc; touched: Touched; paths: ChangedPath[] } {
  const shadow = new Y.Doc();
  Y.applyUpdate(shadow, Y.encodeStateAsUpdate(doc));
  const touched: Touched = new Map();
  const paths: ChangedPath[] = [];
  const note = (section: string, key: string | null) => {
    const keys = touched.get(section);
    if (keys === null) return;
    if (key === null) touched.set(section, null);
    else touched.set(section, (keys ?? new Set()).add(key));
  };
  shadow.on("afterTransaction", (transaction: Y.Transaction) => {
    for (const [type, keys] of transaction.changed) {
      const { section, path } = locate(shadow, type);
      const key = path[0];
      if (key !== undefined) note(section, key);
      else for (const changed of keys) note(section, changed);
      for (const changed of keys) paths.push({ section, path: changed === null ? path : [...path, changed] });
    }
  });
  Y.applyUpdate(shadow, update);
  return { shadow, touched, paths };
}

/** Per touched section, the top-level keys changed, or null for the section as a whole. */
export type Touched = Map<string, Set<string> | null>;

/** A changed place: its section and the keys down to it ([] for list content of the section itself). */
export interface ChangedPath {
  section: string;
  path: (string | null)[];
}

/**
 * The section (top-level type) a changed type belongs to and the keys from the section down to the
 * type (empty for the section itself; a null key where a list holds the type).
 */
// biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
function locate(doc: Y.Doc, type: Y.AbstractType<any>): { section: string; path: (string | null)[] } {
  let root = type;
  const path: (string | null)[] = [];
  while (root._item) {
    path.unshift(root._item.parentSub);
    // biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
    root = root._item.parent as Y.AbstractType<any>;
  }
  for (const [name, candidate] of doc.share) if (candidate === root) return { section: name, path };
  return { section: "(unknown)", path };
}
