import * as Y from "yjs";
import type { DocumentKind } from "../../shared/documents/names";
import { isRecordSection } from "../../shared/documents/shapes";
import { spliceBetween } from "../../shared/documents/text-splice";

// A document's sections are top-level Y.Maps. These helpers read a Y.Doc as the plain JSON the shared
// zod schemas check, and write JSON back (server-side seeding, migrations, published snapshots).

/** Marks a top-level type that holds list content: a section must be a map. */
const NOT_A_MAP = "(not a map: sections are Y.Map)";

/**
 * The document as JSON, one key per top-level type present and not empty (without creating any); with
 * `only`, just those sections.
 */
export function documentJson(doc: Y.Doc, only?: ReadonlySet<string>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [name, type] of doc.share) {
    if (only && !only.has(name)) continue;
    if (type._start !== null) {
      json[name] = NOT_A_MAP;
      continue;
    }
    if (type instanceof Y.Map || type.constructor === Y.AbstractType) {
      const map = doc.getMap(name);
      // Yjs cannot remove a top-level type: a section emptied of every key reads as absent.
      if (map.size > 0) json[name] = map.toJSON();
    } else {
      json[name] = NOT_A_MAP;
    }
  }
  return json;
}

/**
 * The JSON the write guard validates after a change: `meta` and each touched section; of a record
 * section only the touched entries (entries are independent), of any other section all of it.
 */
export function touchedJson(
  doc: Y.Doc,
  kind: DocumentKind,
  touched: ReadonlyMap<string, ReadonlySet<string> | null>,
): Record<string, unknown> {
  const whole = new Set([
    "meta",
    ...[...touched].filter(([s, keys]) => keys === null || !isRecordSection(kind, s)).map(([s]) => s),
  ]);
  const json = documentJson(doc, whole);
  for (const [section, keys] of touched) {
    if (whole.has(section) || keys === null || !doc.share.has(section)) continue;
    const map = doc.getMap(section);
    const entries: Record<string, unknown> = {};
    for (const key of keys) {
      if (!map.has(key)) continue;
      const value = map.get(key);
      entries[key] = value instanceof Y.AbstractType ? value.toJSON() : value;
    }
    json[section] = entries;
  }
  return json;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The sections of `after` that differ from `before` (two documentJson results, e.g. before and after a
 * migration), as writeSections takes them: a section `after` no longer has is emptied. Sections that
 * are not maps on either side are left alone.
 */
export function changedSections(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, Record<string, unknown>> {
  const isMap = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  const changed: Record<string, Record<string, unknown>> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[name];
    const next = after[name];
    if ((old !== undefined && !isMap(old)) || (next !== undefined && !isMap(next))) continue;
    const value = next ?? {};
    if (!same(old ?? {}, value)) changed[name] = value;
  }
  return changed;
}

/**
 * Makes the given sections of `doc` equal `json` at the top level of each section map: sets keys whose
 * value differs and deletes keys that are absent (so `{}` empties a section). A string written where a
 * shared text is changes that text by one splice instead of replacing it (TEXT1): someone typing in it
 * at that moment keeps their keystrokes and their caret. Call inside a transaction to send one update.
 */
export function writeSections(doc: Y.Doc, json: Record<string, Record<string, unknown>>): void {
  for (const [section, values] of Object.entries(json)) {
    const map = doc.getMap(section);
    for (const key of [...map.keys()]) if (!(key in values)) map.delete(key);
    for (const [key, value] of Object.entries(values)) {
      const current = map.get(key);
      if (current instanceof Y.Text && typeof value === "string") {
        spliceText(current, value);
        continue;
      }
      const plain = current instanceof Y.AbstractType ? current.toJSON() : current;
      if (!same(plain, value)) map.set(key, value);
    }
  }
}

function spliceText(text: Y.Text, value: string): void {
  const splice = spliceBetween(text.toString(), value, null);
  if (!splice) return;
  if (splice.remove > 0) text.delete(splice.index, splice.remove);
  if (splice.insert) text.insert(splice.index, splice.insert);
}
