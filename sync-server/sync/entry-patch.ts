import type * as Y from "yjs";
import type { z } from "zod";
import type { DocumentKind } from "../../shared/documents/names";
import { entryIdProblem, recordSectionParts } from "../../shared/documents/shapes";
import { patchedValue } from "./entry-scan";

// The write guard's check of a field edit of a record (the app's single-field edit: `entry.set(field,
// value)` on a record stored as a map), without parsing the whole record again. A record that was
// checked whole is remembered with its parsed value and the Yjs item of each field; the next field
// edit of the same record, while the record still holds exactly those items, checks only the fields
// it sets or deletes (each against its own schema in the record's shape) and then the record's rules
// (its refinements) on the record as it will be. That is exactly what parsing the whole record checks:
// the other fields are the values that passed before (Yjs items never change their content). Anything
// else — an unknown record, a record another write changed since, a shape that is not a plain object
// (or a union of them by a discriminator), an edit of the discriminator or the id, a field outside the
// shape, a field or rule that fails — is parsed whole, which also finds the issues to report.
// sync-server/sync/entry-patch.test.ts checks that both ways agree on random edits of every record shape.

/** One field edit: the new value and the id of the Yjs item that carries it, or a deletion. */
export type FieldEdit = { deleted: true } | { deleted: false; value: unknown; id: Y.ID };

/** The field edits one update makes to a record that is a map. */
export interface EntryPatch {
  entry: Y.Map<unknown>;
  fields: Map<string, FieldEdit>;
}

interface Checked {
  /** The object schema that accepted the record (the union's option, or the record's schema). */
  shape: ObjectSchema;
  /** The record as parsed. */
  parsed: Record<string, unknown>;
  /** The id of the item of each field the record holds. */
  items: Map<string, Y.ID>;
}

/** What this module reads of a zod object schema (zod 4: `shape`, and the checks its refinements added). */
interface ObjectSchema {
  shape: Record<string, z.ZodType>;
  _zod: { def: { checks?: ZodCheck[] } };
}
interface ZodCheck {
  _zod: { check(payload: { value: unknown; issues: unknown[] }): unknown; def: { when?: unknown } };
}

const checked = new WeakMap<Y.Map<unknown>, Checked>();

/** How many field edits were checked by their fields alone, and how many parsed whole (for tests and benchmarks). */
export const patchChecks = { byFields: 0, whole: 0 };

type ObjectOptions = { discriminator?: string; options: ObjectSchema[] };
const optionsOf = new WeakMap<z.ZodType, ObjectOptions | null>();

/** The record's value schema as object options: one object, or a discriminated union's objects. */
function objectOptions(schema: z.ZodType): ObjectOptions | null {
  let options = optionsOf.get(schema);
  if (options === undefined) {
    options = readOptions(schema);
    optionsOf.set(schema, options);
  }
  return options;
}

function readOptions(schema: z.ZodType): ObjectOptions | null {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const checks = def.checks as unknown[] | undefined;
  if (checks && checks.length > 0 && def.type !== "object") return null;
  if (def.type === "object") return { options: [schema as unknown as ObjectSchema] };
  if (def.type === "union" && typeof def.discriminator === "string") {
    const options = def.options as z.ZodType[];
    if (
      !options.every((o) => (o as unknown as { _zod: { def: { type: string } } })._zod.def.type === "object")
    )
      return null;
    return { discriminator: def.discriminator, options: options as unknown as ObjectSchema[] };
  }
  return null;
}

/**
 * Whether the record at `section`/`key`, with the patch's field edits applied, is a valid entry of its
 * section — the same answer as validateEntry on the whole record as it will be.
 */
export function patchIsValid(kind: DocumentKind, section: string, key: string, patch: EntryPatch): boolean {
  const parts = recordSectionParts(kind, section);
  if (!parts) return false;
  const fast = fastCheck(parts.value, patch);
  if (fast !== null) {
    patchChecks.byFields++;
    return fast;
  }
  patchChecks.whole++;
  // Parsed whole: the record as it will be.
  const next = patchedValue(patch);
  if (!parts.key.safeParse(key).success || entryIdProblem(key, next) !== null) return false;
  const result = parts.value.safeParse(next);
  if (!result.success) return false;
  const options = objectOptions(parts.value);
  const shape = options && optionOf(options, next);
  if (shape) remember(patch, shape, result.data as Record<string, unknown>);
  return true;
}

/** The object that parsed a valid record: the only one, or the union's option its discriminator picks. */
function optionOf(options: ObjectOptions, record: Record<string, unknown>): ObjectSchema | undefined {
  const { discriminator } = options;
  if (discriminator === undefined) return options.options[0];
  return options.options.find(
    (option) => option.shape[discriminator]?.safeParse(record[discriminator]).success,
  );
}

/**
 * True or false when the remembered record answers; null when the record must be parsed whole. The
 * remembered record is patched in place (no copy of the record per edit) and put back as it was when
 * the edit is not certain to be valid.
 */
function fastCheck(schema: z.ZodType, patch: EntryPatch): boolean | null {
  const known = checked.get(patch.entry);
  if (!known || !holdsItems(patch.entry, known.items)) return null;
  const options = objectOptions(schema);
  if (!options?.options.includes(known.shape)) return null;
  const parsed = known.parsed;
  const undo: Undo[] = [];
  for (const [field, edit] of patch.fields) {
    if (field === "id" || field === options.discriminator) return putBack(parsed, undo);
    const fieldSchema = known.shape.shape[field];
    if (!fieldSchema) return putBack(parsed, undo); // outside the strict shape: parsed whole, to say so
    const result = fieldSchema.safeParse(edit.deleted ? undefined : edit.value);
    if (!result.success) return putBack(parsed, undo);
    undo.push({ field, had: Object.hasOwn(parsed, field), value: parsed[field] });
    if (result.data === undefined) delete parsed[field];
    else parsed[field] = result.data;
  }
  const payload = { value: parsed, issues: [] as unknown[] };
  for (const check of known.shape._zod.def.checks ?? []) {
    if (check._zod.def.when) return putBack(parsed, undo); // conditional checks: parsed whole
    if (check._zod.check(payload) instanceof Promise) return putBack(parsed, undo);
  }
  if (payload.issues.length > 0) return putBack(parsed, undo);
  // The record as it will be: the patched value (in place) and the patch's items.
  for (const [field, edit] of patch.fields) {
    if (edit.deleted) known.items.delete(field);
    else known.items.set(field, edit.id);
  }
  return true;
}

/** A field's value before the fast check patched the remembered record. */
type Undo = { field: string; had: boolean; value: unknown };

/** Puts the remembered record back as it was (the fast check could not decide): null. */
function putBack(parsed: Record<string, unknown>, undo: Undo[]): null {
  for (let i = undo.length - 1; i >= 0; i--) {
    const { field, had, value } = undo[i] as Undo;
    if (had) parsed[field] = value;
    else delete parsed[field];
  }
  return null;
}

/**
 * Whether the map holds exactly these field items (none added, replaced or deleted since). Walked with
 * forEach: a for-of over the map makes an entry and a result object per field, per edit.
 */
function holdsItems(entry: Y.Map<unknown>, items: Map<string, Y.ID>): boolean {
  let live = 0;
  let same = true;
  entry._map.forEach((item, field) => {
    if (!same || item.deleted) return;
    live++;
    const id = items.get(field);
    if (id === undefined || id.client !== item.id.client || id.clock !== item.id.clock) same = false;
  });
  return same && live === items.size;
}

/**
 * Remembers a record parsed whole as it will be once the patch is applied: its parsed value and, per
 * field, the item the map will hold (the patch's new items; the others as they are). Should the update
 * not be applied after all, the map does not hold those items and the next edit is parsed whole.
 */
function remember(patch: EntryPatch, shape: ObjectSchema, parsed: Record<string, unknown>) {
  const items = liveItems(patch.entry);
  for (const [field, edit] of patch.fields) {
    if (edit.deleted) items.delete(field);
    else items.set(field, edit.id);
  }
  checked.set(patch.entry, { shape, parsed, items });
}

function liveItems(entry: Y.Map<unknown>): Map<string, Y.ID> {
  const items = new Map<string, Y.ID>();
  entry._map.forEach((item, field) => {
    if (!item.deleted) items.set(field, item.id);
  });
  return items;
}
