import * as Y from "yjs";
import type { EntryPatch, FieldEdit } from "./entry-patch";

/**
 * What a client's update does to a document, read from its encoding without applying it, for the
 * common writes: setting or deleting top-level entries of sections to plain values (`Y.Map.set(key,
 * json)`, `delete(key)`), and setting or deleting plain fields of an entry that is a map (the app's
 * single-field edit: `entry.set(field, json)`). The write guard checks such an update from these values
 * alone, which costs a fraction of applying it to a copy of the document; anything else it applies to
 * such a copy (candidate.ts).
 *
 * - `nothing`: everything in the update is already in the document (a sync step, a repeated update).
 * - `entries`: per section, per key, the plain values the update sets (none: it only deletes). The
 *   entry ends up holding one of these values, keeping its current value, or being deleted. Field
 *   edits of a map entry are `patches`: the entry's map and the fields the update sets or deletes —
 *   taken only when each field edit follows the field's current value (no concurrent edit of it), so
 *   the entry certainly ends up as its fields now with those edits (`patchedValue`).
 * - `other`: anything else — nested types, list content, content that is not plain JSON, garbage-
 *   collected structs, updates that depend on something the document does not have yet (they wait in
 *   Yjs's pending store), or updates that overlap what the document has.
 */
export type EntryScan =
  | { kind: "nothing" }
  | { kind: "entries"; sections: EntrySections; patches: EntryPatches }
  | { kind: "other" };

/** Per section, per key, the plain values an update sets there (none: the entry is only deleted). */
export type EntrySections = Map<string, Map<string, unknown[]>>;
/** Per section, per key, the field edits an update makes to an entry that is a map (entry-patch.ts). */
export type EntryPatches = Map<string, Map<string, EntryPatch>>;

const OTHER: EntryScan = { kind: "other" };

/**
 * A struct's place: its section and the section's key, and for a field of a map entry the map and the
 * field; null when it is neither.
 */
type Place = { section: string; key: string; entry?: Y.Map<unknown>; field?: string } | null;

/** Throws when the update cannot be decoded (a malformed message). */
export function scanEntries(doc: Y.Doc, update: Uint8Array): EntryScan {
  const { structs, ds } = Y.decodeUpdate(update);
  const store = doc.store;
  // Content waiting in the pending store would be released unseen by this update (SYNC7): the copy
  // judges the update with everything it releases.
  if (store.pendingStructs !== null || store.pendingDs !== null) return OTHER;

  // The update's new items, by client (for items whose origin is another item of the same update).
  const own = new Map<number, Y.Item[]>();
  for (const struct of structs) {
    const { client, clock } = struct.id;
    const known = Y.getState(store, client);
    if (clock + struct.length <= known) continue; // already in the document
    // Partly known, or a gap before it (it would wait in the pending store): not the simple case. The
    // next clock expected is the document's, or right after this client's last new item.
    const earlier = own.get(client);
    const last = earlier?.[earlier.length - 1];
    if ((last ? last.id.clock + last.length : known) !== clock) return OTHER;
    if (!(struct instanceof Y.Item)) return OTHER;
    // Every item it refers to must be one the document holds or an earlier one of the same client in
    // this update; anything else (a clock nobody has sent, another client's item of the same update)
    // the copy decides (SYNC7: content that would wait in Yjs's pending store is refused there).
    if (!refersToKnown(store, struct)) return OTHER;
    if (earlier) earlier.push(struct);
    else own.set(client, [struct]);
  }

  const sections: EntrySections = new Map();
  const fieldEdits: EntryPatches = new Map();
  for (const items of own.values()) {
    for (const item of items) {
      const place = placeOf(doc, own, item);
      if (!place) return OTHER;
      const { content } = item;
      if (place.entry) {
        // A field of a map entry: only a plain value that follows the field's current value (or a new
        // field) is certain to be what the field ends up holding — or one that follows a value this
        // update set and deleted (a field set again offline: the later value wins; the edit is its last).
        // (A value set and deleted again in the update may arrive with its content collected.)
        const gone = content instanceof Y.ContentDeleted && item.length === 1 && Y.isDeleted(ds, item.id);
        if (!gone && !(content instanceof Y.ContentAny && content.arr.length === 1)) return OTHER;
        const field = place.field as string;
        const value = content instanceof Y.ContentAny ? content.arr[0] : undefined;
        const edit: FieldEdit = { deleted: false, value, id: item.id };
        const earlier = fieldEdits.get(place.section)?.get(place.key);
        const previous = earlier?.entry === place.entry ? earlier.fields.get(field) : undefined;
        if (previous) {
          if (previous.deleted || !Y.isDeleted(ds, previous.id) || !follows(item, previous.id)) return OTHER;
          earlier?.fields.set(field, edit);
          continue;
        }
        if (!followsCurrent(place.entry, field, item)) return OTHER;
        if (!noteField(fieldEdits, place, edit)) return OTHER;
        continue;
      }
      if (content instanceof Y.ContentDeleted || Y.isDeleted(ds, item.id)) touch(sections, place);
      else if (content instanceof Y.ContentAny && content.arr.length === 1) {
        touch(sections, place).push(content.arr[0]);
      } else return OTHER;
    }
  }

  // Deletions of what the document holds: each deleted entry is touched (it may end up deleted).
  for (const [client, ranges] of ds.clients) {
    const known = Y.getState(store, client);
    const structsOfClient = store.clients.get(client) ?? [];
    for (const { clock, len } of ranges) {
      if (clock + len > known && !coveredByOwn(own.get(client), Math.max(clock, known), clock + len)) {
        return OTHER; // deletes something neither the document nor the update has
      }
      if (clock >= known) continue;
      for (let i = Y.findIndexSS(structsOfClient, clock); i < structsOfClient.length; i++) {
        const struct = structsOfClient[i] as Y.AbstractStruct;
        if (struct.id.clock >= clock + len) break;
        if (struct.deleted) continue; // already deleted
        if (!(struct instanceof Y.Item)) return OTHER;
        const place = placeOf(doc, own, struct);
        if (!place) return OTHER;
        if (place.entry) {
          const field = place.field as string;
          if (place.entry._map.get(field) !== struct) return OTHER;
          // The update sets this field after its current value: this deletion is that overwrite.
          const noted = fieldEdits.get(place.section)?.get(place.key);
          if (noted?.entry === place.entry && noted.fields.get(field)?.deleted === false) continue;
          // Deleting a field's current value removes the field (nothing can be right of it yet).
          if (!noteField(fieldEdits, place, { deleted: true })) return OTHER;
          continue;
        }
        touch(sections, place);
      }
    }
  }
  // A map entry whose fields change: read as its field edits (entry-patch.ts).
  for (const [section, keys] of fieldEdits) {
    for (const [key, { fields }] of keys) {
      if (sections.get(section)?.has(key)) return OTHER; // the entry itself changes too
      // A value the update sets and deletes again, with nothing after it: not the simple case.
      for (const edit of fields.values()) if (!edit.deleted && Y.isDeleted(ds, edit.id)) return OTHER;
    }
  }
  return sections.size === 0 && fieldEdits.size === 0
    ? { kind: "nothing" }
    : { kind: "entries", sections, patches: fieldEdits };
}

/** A patched entry's value as it will be: the entry's fields now, with the patch's edits. */
export function patchedValue({ entry, fields }: EntryPatch): Record<string, unknown> {
  const next = entry.toJSON() as Record<string, unknown>;
  for (const [field, edit] of fields) {
    if (edit.deleted) delete next[field];
    else next[field] = edit.value;
  }
  return next;
}

/** Every entry a scan reads, with the value each will hold (patched entries made whole). */
export function scannedValues(scan: Extract<EntryScan, { kind: "entries" }>): EntrySections {
  const all: EntrySections = new Map([...scan.sections].map(([s, keys]) => [s, new Map(keys)]));
  for (const [section, keys] of scan.patches) {
    for (const [key, patch] of keys) touch(all, { section, key }).push(patchedValue(patch));
  }
  return all;
}

/** Whether a new field item goes right after the field's current value (or the field is new). */
function followsCurrent(entry: Y.Map<unknown>, field: string, item: Y.Item): boolean {
  const current = entry._map.get(field);
  if (!current) return item.origin === null && item.rightOrigin === null;
  return follows(item, { client: current.id.client, clock: current.id.clock + current.length - 1 });
}

/** Whether an item goes right after the item whose last id is `last` (nothing to its right). */
function follows(item: Y.Item, last: { client: number; clock: number }): boolean {
  const origin = item.origin;
  return (
    item.rightOrigin === null &&
    origin !== null &&
    origin.client === last.client &&
    origin.clock === last.clock
  );
}

/** Notes one field edit; false when the update edits that field twice (not the simple case). */
function noteField(edits: EntryPatches, place: NonNullable<Place>, edit: FieldEdit): boolean {
  const { section, key, entry, field } = place as Required<NonNullable<Place>>;
  let keys = edits.get(section);
  if (!keys) {
    keys = new Map();
    edits.set(section, keys);
  }
  let record = keys.get(key);
  if (!record) {
    record = { entry, fields: new Map() };
    keys.set(key, record);
  }
  if (record.entry !== entry || record.fields.has(field)) return false;
  record.fields.set(field, edit);
  return true;
}

/** The values set so far for the entry at `place` (none yet: the entry is touched). */
function touch(sections: EntrySections, { section, key }: NonNullable<Place>): unknown[] {
  let keys = sections.get(section);
  if (!keys) {
    keys = new Map();
    sections.set(section, keys);
  }
  let values = keys.get(key);
  if (!values) {
    values = [];
    keys.set(key, values);
  }
  return values;
}

/**
 * The section and key of an item: parent information is encoded only for an item with no origin on
 * either side; otherwise it is its neighbour's (in the document, or earlier in the same update). Map
 * entries have at most a left origin: the entry's previous value.
 */
function placeOf(doc: Y.Doc, own: Map<number, Y.Item[]>, start: Y.Item): Place {
  let item = start;
  for (let hops = 0; item.parent === null; hops++) {
    const neighbour = item.origin ?? item.rightOrigin;
    if (!neighbour || hops > 64) return null;
    const next = ownItem(own, neighbour) ?? storedStruct(doc, neighbour);
    if (!(next instanceof Y.Item)) return null;
    item = next;
  }
  const { parent, parentSub } = item;
  if (typeof parentSub !== "string") return null; // list content
  if (typeof parent === "string") return { section: parent, key: parentSub };
  // A parent named by id (in an update) is a nested type the document holds.
  const type = parent instanceof Y.ID ? typeOf(storedStruct(doc, parent)) : parent;
  if (!(type instanceof Y.AbstractType)) return null;
  if (type._item === null) {
    const section = sectionOf(doc, type);
    return section === null ? null : { section, key: parentSub };
  }
  // A field of a map that is, now, the value of a section's entry (one level deep, not deleted).
  const holder = type._item;
  const sectionMap = holder.parent;
  if (!(type instanceof Y.Map) || holder.deleted || typeof holder.parentSub !== "string") return null;
  // (A section the server has not read yet is Yjs's untyped placeholder: its entries are there all the same.)
  if (!(sectionMap instanceof Y.AbstractType) || sectionMap._item !== null) return null;
  if (sectionMap._map.get(holder.parentSub) !== holder) return null;
  const section = sectionOf(doc, sectionMap);
  if (section === null) return null;
  return { section, key: holder.parentSub, entry: type as Y.Map<unknown>, field: parentSub };
}

/** The name each section type was last found under (a root type never changes its name). */
const sectionNames = new WeakMap<object, string>();

// biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
function sectionOf(doc: Y.Doc, type: Y.AbstractType<any>): string | null {
  // Still the document's section of that name (Yjs replaces a section's untyped placeholder).
  const known = sectionNames.get(type);
  if (known !== undefined && doc.share.get(known) === type) return known;
  for (const section of doc.share.keys()) {
    if (doc.share.get(section) !== type) continue;
    sectionNames.set(type, section);
    return section;
  }
  return null;
}

/** The type an item of the document holds (a nested map or list), if any. */
// biome-ignore lint/suspicious/noExplicitAny: Yjs types its content loosely.
function typeOf(struct: Y.AbstractStruct | undefined): Y.AbstractType<any> | null {
  return struct instanceof Y.Item && struct.content instanceof Y.ContentType ? struct.content.type : null;
}

function ownItem(own: Map<number, Y.Item[]>, id: Y.ID): Y.Item | undefined {
  return own
    .get(id.client)
    ?.find((item) => id.clock >= item.id.clock && id.clock < item.id.clock + item.length);
}

function storedStruct(doc: Y.Doc, id: Y.ID): Y.AbstractStruct | undefined {
  return id.clock < Y.getState(doc.store, id.client) ? Y.getItem(doc.store, id) : undefined;
}

/** True when the update's own items cover the clocks [from, to) of their client. */
function coveredByOwn(items: Y.Item[] | undefined, from: number, to: number): boolean {
  if (!items || items.length === 0) return false;
  const first = items[0] as Y.Item;
  const last = items[items.length - 1] as Y.Item;
  return first.id.clock <= from && last.id.clock + last.length >= to;
}

/**
 * Whether every id an item refers to — its left and right origins, and its parent when named by id —
 * is a clock the document holds, or an earlier clock of the item's own client (in this update: its
 * client's new items run on from what the document holds, without a gap). Anything else would make
 * Yjs park the item in the pending store, or fail.
 */
function refersToKnown(store: Y.Doc["store"], item: Y.Item): boolean {
  return (
    isKnown(store, item, item.origin) &&
    isKnown(store, item, item.rightOrigin) &&
    (!(item.parent instanceof Y.ID) || isKnown(store, item, item.parent))
  );
}

/** Whether `id` is a clock the document holds or an earlier one of `item`'s own client (no closure per item). */
function isKnown(store: Y.Doc["store"], item: Y.Item, id: Y.ID | null): boolean {
  return (
    id === null ||
    id.clock < Y.getState(store, id.client) ||
    (id.client === item.id.client && id.clock < item.id.clock)
  );
}
