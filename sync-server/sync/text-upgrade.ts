import * as Y from "yjs";
import type { DocumentKind } from "../../shared/documents/names";
import { holdsTextFields, isTextField, TEXT_FIELDS } from "../../shared/documents/text-fields";

// The Y.Doc side of the version 3 → 4 migration (shared/documents/migrate-v3.ts, docs/sync-rules.md TEXT1): each
// free-text field (shared/documents/text-fields.ts) becomes a Y.Text holding its string, and a plain
// object that holds text fields (an address, an entity written whole) a Y.Map with one key per field.
// The server does it once, when it migrates a stored document, in the transaction of the migration:
// no two devices ever each make a text or an address (one would lose the other's typing).

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/** A JSON value as version 4 stores it at `path` of `section`: texts and maps where text fields are. */
function toStored(kind: DocumentKind, section: string, path: string[], value: unknown): unknown {
  if (typeof value === "string" && isTextField(kind, section, path)) return new Y.Text(value);
  if (!isPlainObject(value) || !holdsTextFields(kind, section, path)) return value;
  const map = new Y.Map<unknown>();
  for (const [key, entry] of Object.entries(value))
    if (entry !== undefined) map.set(key, toStored(kind, section, [...path, key], entry));
  return map;
}

/** Upgrades the values of `map` (at `path` of `section`) in place; returns how many it replaced. */
function upgradeMap(kind: DocumentKind, section: string, path: string[], map: Y.Map<unknown>): number {
  let replaced = 0;
  for (const [key, value] of [...map.entries()]) {
    const at = [...path, key];
    if (value instanceof Y.Map) {
      if (holdsTextFields(kind, section, at)) replaced += upgradeMap(kind, section, at, value);
      continue;
    }
    if (value instanceof Y.AbstractType) continue;
    const stored = toStored(kind, section, at, value);
    if (stored !== value) {
      map.set(key, stored);
      replaced++;
    }
  }
  return replaced;
}

/**
 * Stores every text field of `doc` as a Y.Text and every object holding one as a Y.Map (call inside
 * the migration's transaction). Returns how many values it replaced (0: the document was already so).
 */
export function upgradeTexts(doc: Y.Doc, kind: DocumentKind): number {
  let replaced = 0;
  for (const section of Object.keys(TEXT_FIELDS[kind] ?? {}))
    if (doc.share.has(section)) replaced += upgradeMap(kind, section, [], doc.getMap(section));
  return replaced;
}
