import * as Y from "yjs";

/**
 * What a client's update does to a document, read from its encoding without applying it, for the
 * common write: setting or deleting top-level entries of sections to plain values (`Y.Map.set(key,
 * json)`, `delete(key)`). The write guard checks such an update from these values alone, which costs a
 * fraction of applying it to a copy of the document; anything else it applies to such a copy
 * (candidate.ts).
 *
 * - `nothing`: everything in the update is already in the document (a sync step, a repeated update).
 * - `entries`: per section, per key, the plain values the update sets (none: it only deletes). The
 *   entry ends up holding one of these values, keeping its current value, or being deleted.
 * - `other`: anything else — nested types, list content, content that is not plain JSON, garbage-
 *   collected structs, updates that depend on something the document does not have yet (they wait in
 *   Yjs's pending store), or updates that overlap what the document has.
 */
export type EntryScan =
  | { kind: "nothing" }
  | { kind: "entries"; sections: EntrySections }
  | { kind: "other" };

/** Per section, per key, the plain values an update sets there (none: the entry is only deleted). */
export type EntrySections = Map<string, Map<string, unknown[]>>;

const OTHER: EntryScan = { kind: "other" };

/** A struct's place: its section and the section's key, or null when it is not a top-level entry. */
type Place = { section: string; key: string } | null;

/** Throws when the update cannot be decoded (a malformed message). */
export function scanEntries(doc: Y.Doc, update: Uint8Array): EntryScan {
  const { structs, ds } = Y.decodeUpdate(update);
  const store = doc.store;

  // The update's new items, by client (for items whose origin is another item of the same update).
  const own = new Map<number, Y.Item[]>();
  const expected = new Map<number, number>();
  for (const struct of structs) {
    const { client, clock } = struct.id;
    const known = Y.getState(store, client);
    if (clock + struct.length <= known) continue; // already in the document
    // Partly known, or a gap before it (it would wait in the pending store): not the simple case.
    if ((expected.get(client) ?? known) !== clock) return OTHER;
    expected.set(client, clock + struct.length);
    if (!(struct instanceof Y.Item)) return OTHER;
    const items = own.get(client);
    if (items) items.push(struct);
    else own.set(client, [struct]);
  }

  const sections: EntrySections = new Map();
  for (const items of own.values()) {
    for (const item of items) {
      const place = placeOf(doc, own, item);
      if (!place) return OTHER;
      const { content } = item;
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
        touch(sections, place);
      }
    }
  }
  return sections.size === 0 ? { kind: "nothing" } : { kind: "entries", sections };
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
  if (parent instanceof Y.AbstractType && parent._item === null) {
    for (const [section, type] of doc.share) if (type === parent) return { section, key: parentSub };
  }
  return null; // inside a nested type, or not a section
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
