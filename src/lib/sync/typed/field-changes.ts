import * as Y from "yjs";

// What a Yjs transaction changed, in a person's terms: the fields (and records) it touched, each named
// by its section and the keys down to it. The offline count says "1 change" for a word typed into a
// name (docs/sync-rules.md TEXT1: it said 24, one per Yjs transaction), and "changed by …" is kept per field.

export interface FieldChange {
  section: string;
  /** Keys from the section down to the field (a record's id first in a record section). */
  path: readonly string[];
}

/** The key of a field in a set or map: "section/key/key". */
export const fieldKey = ({ section, path }: FieldChange): string => [section, ...path].join("/");

/** A Yjs type as a document holds it (a section, or a map or text nested in one). */
type SharedType = Y.Doc["share"] extends Map<string, infer T> ? T : never;

/** The section a type belongs to and the keys from the section down to it; null when it is in a list. */
function locate(doc: Y.Doc, type: SharedType): FieldChange | null {
  const path: string[] = [];
  let root: SharedType = type;
  while (root._item) {
    const key = root._item.parentSub;
    if (key === null) return null;
    path.unshift(key);
    root = root._item.parent as SharedType;
  }
  for (const [section, candidate] of doc.share) if (candidate === root) return { section, path };
  return null;
}

/**
 * The fields a transaction changed: a key set or deleted in a map (a field, or a record in a section),
 * and a text (or list) whose content changed. Maps and texts made in the same transaction are part of
 * the key that holds them.
 */
export function changedFields(doc: Y.Doc, transaction: Y.Transaction): FieldChange[] {
  const changes = new Map<string, FieldChange>();
  for (const [type, keys] of transaction.changed) {
    const place = locate(doc, type as SharedType);
    if (!place) continue;
    const add = (change: FieldChange) => changes.set(fieldKey(change), change);
    if (type instanceof Y.Map || (type._item === null && !(type instanceof Y.Text))) {
      for (const key of keys) if (key !== null) add({ section: place.section, path: [...place.path, key] });
    } else add(place);
  }
  return [...changes.values()];
}
