import * as Y from "yjs";

// Plain JSON in and out of a document's sections. A section is a top-level Y.Map; a nested object is
// a nested Y.Map, so two people who change different fields of one record both keep their change
// (Yjs merges per key). Arrays and primitives are stored as values: a list is replaced as a whole.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Path = readonly string[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/** A JSON value as it is stored: objects become Y.Maps, everything else is kept as is. */
export function toY(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) map.set(key, toY(entry));
  return map;
}

/** One section as plain JSON (a missing section reads as an empty object and is not created). */
export const sectionJson = (doc: Y.Doc, section: string): Record<string, unknown> =>
  doc.share.has(section) ? doc.getMap(section).toJSON() : {};

/**
 * The map that holds the last key of `path` inside `section`, creating nested maps on the way. A
 * plain object found on the way (written by the server as one value) becomes a Y.Map with its fields.
 */
function parentMap(doc: Y.Doc, section: string, path: Path): Y.Map<unknown> {
  let map = doc.getMap<unknown>(section);
  for (const key of path.slice(0, -1)) {
    const child = map.get(key);
    if (child instanceof Y.Map) {
      map = child;
      continue;
    }
    const created = toY(isPlainObject(child) ? child : {}) as Y.Map<unknown>;
    map.set(key, created);
    map = created;
  }
  return map;
}

/**
 * Sets the value at `path` (at least one key) of `section`; call inside a transaction. `whole` stores
 * an object as one JSON value (replaced as a whole, never merged per field): for derived data such as
 * the book's summaries, where a map per record would only cost items to load.
 */
export function setAt(doc: Y.Doc, section: string, path: Path, value: unknown, whole = false): void {
  if (path.length === 0) throw new Error(`setAt needs a path inside section "${section}"`);
  const key = path[path.length - 1] as string;
  const map = parentMap(doc, section, path);
  const current = map.get(key);
  const plain = current instanceof Y.AbstractType ? current.toJSON() : current;
  if (JSON.stringify(plain) === JSON.stringify(value)) return; // nothing changes: send nothing
  map.set(key, whole ? structuredClone(value) : toY(value));
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

/** The same edits on plain JSON: what the section will be, to validate before writing. */
export function setInJson(
  json: Record<string, unknown>,
  path: Path,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(json);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = structuredClone(value);
  return copy;
}

export function deleteInJson(json: Record<string, unknown>, path: Path): Record<string, unknown> {
  const copy = structuredClone(json);
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) {
    node = isPlainObject(node) ? node[key] : undefined;
  }
  if (isPlainObject(node)) delete node[path[path.length - 1] as string];
  return copy;
}
