import * as Y from "yjs";

/**
 * What a client's update does to a document, read from its encoding without applying it, for the
 * common write: setting or deleting top-level entries of sections to plain values (`Y.Map.set(key,
 * json)`, `delete(key)`). The write guard checks such an update from these values alone, which costs a
 * fraction of applying it to a copy of the document; anything else it applies to a shadow copy
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
  | { kind: "entries"; sections: Map<string, Map<string, unknown[]>> }
  | { kind: "other" };

const OTHER: EntryScan = { kind: "other" };

/** A struct's place: its section and the section's key, or null when it is not a top-level entry. */
type Place = { section: string; key: string } | null;

/** Throws when the update cannot be decoded (a malformed message). */
export function scanEntries(doc: Y.Doc, update: Uint8Array): EntryScan {
  const { structs, ds } = Y.decodeUpdate(update);
  const store = doc.store;
  const roots = new Map<unknown, string>();
  for (const [name, type] of doc.share) roots.set(type, name);

  // The update's own new items, by client, for items whose origin is another item of the same update.
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
    const items = own.get(client) ?? [];
    items.push(struct);
    own.set(client, items);
  }

  const ownItem = (id: Y.ID): Y.Item | undefined =>
    own.get(id.client)?.find((item) => id.clock >= item.id.clock && id.clock < item.id.clock + item.length);
  const storedItem = (id: Y.ID): Y.AbstractStruct | undefined =>
    id.clock < Y.getState(store, id.client) ? Y.getItem(store, id) : undefined;

  const placeOf = (start: Y.Item): Place => {
    let item = start;
    // Parent information is encoded only for an item with no origin on either side; otherwise it is
    // its neighbour's (in the document, or earlier in the same update). Map entries have at most a
    // left origin: the entry's previous value.
    for (let hops = 0; item.parent === null; hops++) {
      const neighbour = item.origin ?? item.rightOrigin;
      if (!neighbour || hops > 64) return null;
      const next = ownItem(neighbour) ?? storedItem(neighbour);
      if (!(next instanceof Y.Item)) return null;
      item = next;
    }
    const { parent, parentSub } = item;
    if (typeof parentSub !== "string") return null; // list content
    if (typeof parent === "string") return { section: parent, key: parentSub };
    if (parent instanceof Y.AbstractType && parent._item === null) {
      const section = roots.get(parent);
      return section === undefined ? null : { section, key: parentSub };
    }
    return null; // inside a nested type
  };

  const sections = new Map<string, Map<string, unknown[]>>();
  /** The values set so far for the entry at `place` (none yet: the entry is touched). */
  const touch = ({ section, key }: NonNullable<Place>): unknown[] => {
    const keys = sections.get(section) ?? new Map<string, unknown[]>();
    sections.set(section, keys);
    const values = keys.get(key) ?? [];
    keys.set(key, values);
    return values;
  };

  for (const items of own.values()) {
    for (const item of items) {
      const place = placeOf(item);
      if (!place) return OTHER;
      const { content } = item;
      if (content instanceof Y.ContentDeleted || Y.isDeleted(ds, item.id)) touch(place);
      else if (content instanceof Y.ContentAny && content.arr.length === 1) touch(place).push(content.arr[0]);
      else return OTHER;
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
        const place = placeOf(struct);
        if (!place) return OTHER;
        touch(place);
      }
    }
  }
  return sections.size === 0 ? { kind: "nothing" } : { kind: "entries", sections };
}

/** True when the update's own items cover the clocks [from, to) of their client. */
function coveredByOwn(items: Y.Item[] | undefined, from: number, to: number): boolean {
  if (!items || items.length === 0) return false;
  const first = items[0] as Y.Item;
  const last = items[items.length - 1] as Y.Item;
  return first.id.clock <= from && last.id.clock + last.length >= to;
}
