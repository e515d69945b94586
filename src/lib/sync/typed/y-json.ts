import * as Y from "yjs";

// Plain JSON in and out of a document's sections. A section is a top-level Y.Map; a nested object is
// a nested Y.Map, so two people who change different fields of one record both keep their change
// (Yjs merges per key). A free-text field (shared/documents/text-fields.ts) is a Y.Text: a new string
// written to it is spliced in (the part that changed), never replaced whole. An object written over a
// map is written key by key (one key per field: an address is never replaced whole). Arrays and other
// primitives are stored as values: a list is replaced as a whole.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = readonly string[];

/** Which paths of a section (record ids included) hold shared text; none by default. */
export type TextFields = (path: Path) => boolean;
const NO_TEXT: TextFields = () => false;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * A JSON value as it is stored at `path`: objects become Y.Maps, strings at text fields Y.Texts,
 * everything else is kept as is.
 */
export function toY(value: unknown, textAt: TextFields = NO_TEXT, path: Path = []): unknown {
  if (typeof value === "string" && textAt(path)) return new Y.Text(value);
  if (!isPlainObject(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [key, entry] of Object.entries(value))
    if (entry !== undefined) map.set(key, toY(entry, textAt, [...path, key]));
  return map;
}

/** Changes `text` into `next` by one splice: what lies between their common start and common end. */
export function spliceText(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  )
    end++;
  const removed = current.length - start - end;
  if (removed > 0) text.delete(start, removed);
  const inserted = next.slice(start, next.length - end);
  if (inserted.length > 0) text.insert(start, inserted);
}

/** Writes `value` into `map` at `key` (path `path`), keeping shared texts and maps it can keep. */
function writeInto(map: Y.Map<unknown>, key: string, value: unknown, textAt: TextFields, path: Path): void {
  const current = map.get(key);
  if (typeof value === "string" && current instanceof Y.Text && textAt(path)) {
    spliceText(current, value);
    return;
  }
  if (isPlainObject(value) && current instanceof Y.Map) {
    for (const field of [...current.keys()]) {
      if (value[field] !== undefined) continue;
      const kept = current.get(field);
      // A text field made with its record stays (emptied), so nobody makes it again at once with another.
      if (kept instanceof Y.Text && textAt([...path, field])) spliceText(kept, "");
      else current.delete(field);
    }
    for (const [field, entry] of Object.entries(value)) {
      if (entry === undefined) continue;
      const before = current.get(field);
      const plain = before instanceof Y.AbstractType ? before.toJSON() : before;
      if (JSON.stringify(plain) !== JSON.stringify(entry))
        writeInto(current, field, entry, textAt, [...path, field]);
    }
    return;
  }
  map.set(key, toY(value, textAt, path));
}

/** One section as plain JSON (a missing section reads as an empty object and is not created). */
export const sectionJson = (doc: Y.Doc, section: string): Record<string, unknown> =>
  doc.share.has(section) ? doc.getMap(section).toJSON() : {};

/**
 * The map that holds the last key of `path` inside `section`, creating nested maps on the way. A
 * plain object found on the way (written by the server as one value) becomes a Y.Map with its fields.
 */
export function parentMap(
  doc: Y.Doc,
  section: string,
  path: Path,
  textAt: TextFields = NO_TEXT,
): Y.Map<unknown> {
  let map = doc.getMap<unknown>(section);
  path.slice(0, -1).forEach((key, index) => {
    const child = map.get(key);
    if (child instanceof Y.Map) {
      map = child;
      return;
    }
    const created = toY(
      isPlainObject(child) ? child : {},
      textAt,
      path.slice(0, index + 1),
    ) as Y.Map<unknown>;
    map.set(key, created);
    map = created;
  });
  return map;
}

/**
 * Sets the value at `path` (at least one key) of `section`; call inside a transaction. `whole` stores
 * an object as one JSON value (replaced as a whole, never merged per field): for derived data such as
 * the book's summaries, where a map per record would only cost items to load.
 */
export function setAt(
  doc: Y.Doc,
  section: string,
  path: Path,
  value: unknown,
  whole = false,
  textAt: TextFields = NO_TEXT,
): void {
  if (path.length === 0) throw new Error(`setAt needs a path inside section "${section}"`);
  const key = path[path.length - 1] as string;
  const map = parentMap(doc, section, path, textAt);
  const current = map.get(key);
  const plain = current instanceof Y.AbstractType ? current.toJSON() : current;
  if (JSON.stringify(plain) === JSON.stringify(value)) return; // nothing changes: send nothing
  if (whole) map.set(key, structuredClone(value));
  else writeInto(map, key, value, textAt, path);
}

/**
 * The Y.Text at `path` of `section` (call inside a transaction: it may write). A string stored there
 * (a version-3 value) becomes a Y.Text with it, a missing one an empty Y.Text, with the maps on the
 * way; null when something else is stored there.
 */
export function textAt(doc: Y.Doc, section: string, path: Path, textFields: TextFields): Y.Text | null {
  const key = path[path.length - 1];
  if (key === undefined) return null;
  const map = parentMap(doc, section, path, textFields);
  const current = map.get(key);
  if (current instanceof Y.Text) return current;
  if (current !== undefined && typeof current !== "string") return null;
  const text = new Y.Text(current ?? "");
  map.set(key, text);
  return text;
}

/** The Y.Text at `path` of `section` if one is stored there (reads only). */
export function storedTextAt(doc: Y.Doc, section: string, path: Path): Y.Text | null {
  if (!doc.share.has(section)) return null;
  let node: unknown = doc.getMap(section);
  for (const key of path) node = node instanceof Y.Map ? node.get(key) : undefined;
  return node instanceof Y.Text ? node : null;
}

/** Removes the value at `path` of `section` if it is there; call inside a transaction. */
export function deleteAt(doc: Y.Doc, section: string, path: Path): void {
  let map: Y.Map<unknown> | undefined = doc.getMap<unknown>(section);
  for (const key of path.slice(0, -1)) {
    const child: unknown = map?.get(key);
    map = child instanceof Y.Map ? child : undefined;
    if (!map) return;
  }
  const key = path[path.length - 1];
  if (key !== undefined && map?.has(key)) map.delete(key);
}

/**
 * The same edits on plain JSON: what the section will be, to validate before writing. `inPlace`: `json`
 * is the caller's own copy, changed as it is (a transaction of many edits to one section copies it
 * once, not once per edit: a 10,000-row book import writes ~16,000 summaries in one transaction).
 */
export function setInJson(
  json: Record<string, unknown>,
  path: Path,
  value: unknown,
  inPlace = false,
): Record<string, unknown> {
  const copy = inPlace ? json : structuredClone(json);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = structuredClone(value);
  return copy;
}

export function deleteInJson(
  json: Record<string, unknown>,
  path: Path,
  inPlace = false,
): Record<string, unknown> {
  const copy = inPlace ? json : structuredClone(json);
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) {
    node = isPlainObject(node) ? node[key] : undefined;
  }
  if (isPlainObject(node)) delete node[path[path.length - 1] as string];
  return copy;
}
