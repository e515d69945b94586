import * as Y from "yjs";
import type { DocumentKind } from "../../shared/documents/names";
import type { DocumentIssue } from "../../shared/documents/shapes";
import { isTextField } from "../../shared/documents/text-fields";
import { plainTextProblem } from "./text-content";

/**
 * The write guard's full path: a copy of the document with a client's update applied, and what the
 * update touches. Used for the writes the entry scan (entry-scan.ts) does not accept outright — nested
 * types, list content, refusals — so the copy is made afresh each time from the document as it is:
 * nothing to keep in step with it.
 *
 * Returns the copy; per section, the top-level keys the update changes (null when it changes the
 * section as a whole, e.g. list content); the paths it changes inside sections (`paths`: the keys
 * from the section down to each changed key, for the record history); and what of the update would wait
 * in Yjs's pending store (`waiting`, null when nothing). Throws when the update cannot be decoded.
 */
export function applyToCopy(
  doc: Y.Doc,
  update: Uint8Array,
): { shadow: Y.Doc; touched: Touched; paths: ChangedPath[]; waiting: string | null } {
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
  return { shadow, touched, paths, waiting: waitingPart(shadow, update) };
}

/**
 * What of `update` the copy could not integrate, or null when nothing: a struct, or a range of its
 * delete set, beyond the clocks the copy holds of that client after applying it. Yjs keeps such a part
 * in its pending store (structs that wait for a missing clock, deletions of clocks not yet seen) and
 * integrates it later, when an update brings what it waits for — unjudged, so the write guard refuses
 * it (SYNC7). Decided from the copy's state vector, so content the document itself had waiting is not
 * counted against this update (what this update releases of it is in `touched`).
 */
function waitingPart(shadow: Y.Doc, update: Uint8Array): string | null {
  const { structs, ds } = Y.decodeUpdate(update);
  for (const struct of structs) {
    const { client, clock } = struct.id;
    if (struct instanceof Y.Skip) continue; // a hole in a merged update: no content
    if (clock + struct.length > Y.getState(shadow.store, client)) {
      return `structs of client ${client} from clock ${clock} wait for clock ${Y.getState(shadow.store, client)}`;
    }
  }
  for (const [client, ranges] of ds.clients) {
    const known = Y.getState(shadow.store, client);
    for (const { clock, len } of ranges) {
      if (clock + len > known)
        return `deletes clocks ${clock}-${clock + len - 1} of client ${client}, which holds ${known}`;
    }
  }
  return null;
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

/**
 * The rule of shared types (docs/sync-rules.md TEXT1): a Y.Text only at a free-text field (shared/documents/
 * text-fields.ts), a Y.Map only where an object belongs (its JSON is checked by the schemas), and no
 * other Yjs type anywhere. Their JSON alone would let a text through where a plain string belongs, or
 * a list where an array of figures does. Checked on the copy, in what the update touches: the touched
 * entries of record sections, the whole of other sections. Issues carry the path of the bad value.
 */
export function sharedTypeIssues(shadow: Y.Doc, kind: DocumentKind, touched: Touched): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: Yjs types its content loosely.
  const check = (section: string, path: string[], value: any) => {
    if (!(value instanceof Y.AbstractType)) return;
    if (value instanceof Y.Text) {
      if (!isTextField(kind, section, path))
        issues.push({ path: [section, ...path], message: "a shared text where a plain value belongs" });
      else {
        const problem = plainTextProblem(value);
        if (problem) issues.push({ path: [section, ...path], message: problem });
      }
      return;
    }
    if (!(value instanceof Y.Map)) {
      issues.push({ path: [section, ...path], message: "a shared list where a plain value belongs" });
      return;
    }
    for (const [key, entry] of value.entries()) check(section, [...path, key], entry);
  };
  for (const [section, keys] of touched) {
    if (!shadow.share.has(section)) continue;
    const map = shadow.getMap(section);
    for (const key of keys ?? map.keys()) if (map.has(key)) check(section, [key], map.get(key));
  }
  return issues;
}
