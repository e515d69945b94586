import * as Y from "yjs";
import type { DocumentKind, DocumentRef } from "../../shared/documents/names";
import { isRecordSection } from "../../shared/documents/shapes";
import { isTextField } from "../../shared/documents/text-fields";
import type { RecordChange } from "./history";

// The write guard's fast path for typing (docs/sync-rules.md TEXT1): an update that only inserts characters into, or
// deletes characters from, shared texts the document holds at free-text fields (shared/documents/
// text-fields.ts) — each keystroke of a bound input — is judged from its encoding, without applying it
// to a copy of the document (candidate.ts), which costs a copy of the whole document per keystroke.
// What such an update can do is known exactly: texts stay texts (content is plain characters), no key
// of any map changes, and each text grows by at most the characters inserted. The one rule of a text
// field besides being text is its maximum length: a text that could pass TEXT_FAST_LIMIT characters
// takes the copy path, which parses it exactly. Anything else (a format or an embed in a text, a text at
// a path that is no text field, a text no longer in the document, content that would wait in the
// pending store) is not read here: null, and the copy path decides.

/** At most this many characters after the update: the shortest maximum of a text field (a city). */
export const TEXT_FAST_LIMIT = 100;

export interface TextEdit {
  section: string;
  /** Keys from the section down to the text (a record's id first in a record section). */
  path: string[];
  text: Y.Text;
  /** Characters the update inserts (an upper bound of how much the text grows). */
  inserted: number;
}

/** The texts an update edits, or null when it is not only typing in texts the document holds. */
export function scanTexts(doc: Y.Doc, update: Uint8Array, kind: DocumentKind): TextEdit[] | null {
  const store = doc.store;
  if (store.pendingStructs !== null || store.pendingDs !== null) return null;
  const { structs, ds } = Y.decodeUpdate(update);
  const edits = new Map<Y.Text, TextEdit>();
  const own = new Map<number, Y.Item[]>();
  const expected = new Map<number, number>();
  for (const struct of structs) {
    const { client, clock } = struct.id;
    const known = Y.getState(store, client);
    if (clock + struct.length <= known) continue;
    if ((expected.get(client) ?? known) !== clock) return null;
    expected.set(client, clock + struct.length);
    if (!(struct instanceof Y.Item)) return null;
    if (!(struct.content instanceof Y.ContentString || struct.content instanceof Y.ContentDeleted))
      return null;
    if (!refersToKnown(store, struct)) return null;
    const list = own.get(client);
    if (list) list.push(struct);
    else own.set(client, [struct]);
    const text = textOf(doc, own, struct);
    const edit = text && editOf(doc, kind, edits, text);
    if (!edit) return null;
    if (struct.content instanceof Y.ContentString) edit.inserted += struct.length;
  }
  for (const [client, ranges] of ds.clients) {
    const known = Y.getState(store, client);
    const stored = store.clients.get(client) ?? [];
    for (const { clock, len } of ranges) {
      if (clock + len > known && !coveredByOwn(own.get(client), Math.max(clock, known), clock + len))
        return null;
      if (clock >= known) continue;
      for (let i = Y.findIndexSS(stored, clock); i < stored.length; i++) {
        const struct = stored[i] as Y.AbstractStruct;
        if (struct.id.clock >= clock + len) break;
        if (struct.deleted) continue;
        if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentString)) return null;
        if (!(struct.parent instanceof Y.Text) || !editOf(doc, kind, edits, struct.parent)) return null;
      }
    }
  }
  const result = [...edits.values()];
  if (result.length === 0) return null;
  return result.every(({ text, inserted }) => text.length + inserted <= TEXT_FAST_LIMIT) ? result : null;
}

/** The edit of a text (noted once per text), or null when the text is no text field of the document. */
function editOf(doc: Y.Doc, kind: DocumentKind, edits: Map<Y.Text, TextEdit>, text: Y.Text): TextEdit | null {
  const noted = edits.get(text);
  if (noted) return noted;
  const place = placeOf(doc, text);
  if (!place || !isTextField(kind, place.section, place.path)) return null;
  const edit = { ...place, text, inserted: 0 };
  edits.set(text, edit);
  return edit;
}

/**
 * The section and keys of a text that the document holds now: every map on the way holds it as its
 * current value (a text replaced or deleted since is not edited here).
 */
function placeOf(doc: Y.Doc, text: Y.Text): { section: string; path: string[] } | null {
  const path: string[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: Yjs types its parents loosely.
  let type: Y.AbstractType<any> = text;
  while (type._item) {
    const item = type._item;
    const parent = item.parent;
    if (item.deleted || typeof item.parentSub !== "string" || !(parent instanceof Y.Map)) return null;
    if (parent._map.get(item.parentSub) !== item) return null;
    path.unshift(item.parentSub);
    type = parent;
  }
  for (const [section, candidate] of doc.share) if (candidate === type) return { section, path };
  return null;
}

/** The text a new item goes into: its parent as encoded, or its neighbour's (stored, or earlier in this update). */
function textOf(doc: Y.Doc, own: Map<number, Y.Item[]>, start: Y.Item): Y.Text | null {
  let item = start;
  for (let hops = 0; ; hops++) {
    const { parent } = item;
    if (item.parentSub !== null) return null; // a key of a map (or a text's attribute): not typing
    if (parent instanceof Y.Text) return parent;
    if (parent instanceof Y.ID) {
      const holder = stored(doc, parent);
      const type =
        holder instanceof Y.Item && holder.content instanceof Y.ContentType ? holder.content.type : null;
      return type instanceof Y.Text ? type : null;
    }
    if (parent !== null || hops > 10_000) return null; // a section (root) or a map: not typing
    const neighbour = item.origin ?? item.rightOrigin;
    if (!neighbour) return null;
    const next =
      own
        .get(neighbour.client)
        ?.find((o) => neighbour.clock >= o.id.clock && neighbour.clock < o.id.clock + o.length) ??
      stored(doc, neighbour);
    if (!(next instanceof Y.Item) || next === item) return null;
    item = next;
  }
}

function stored(doc: Y.Doc, id: Y.ID): Y.AbstractStruct | undefined {
  return id.clock < Y.getState(doc.store, id.client) ? Y.getItem(doc.store, id) : undefined;
}

function coveredByOwn(items: Y.Item[] | undefined, from: number, to: number): boolean {
  if (!items || items.length === 0) return false;
  const first = items[0] as Y.Item;
  const last = items[items.length - 1] as Y.Item;
  return first.id.clock <= from && last.id.clock + last.length >= to;
}

/** Every id the item refers to is held by the document or is an earlier clock of its own client. */
function refersToKnown(store: Y.Doc["store"], item: Y.Item): boolean {
  const known = (id: Y.ID | null) =>
    id === null ||
    id.clock < Y.getState(store, id.client) ||
    (id.client === item.id.client && id.clock < item.id.clock);
  return (
    known(item.origin) && known(item.rightOrigin) && (!(item.parent instanceof Y.ID) || known(item.parent))
  );
}

/** The record history of accepted typing (rule AUDIT1): per record, the text fields it changed. */
export function changesFromTexts(ref: DocumentRef, edits: readonly TextEdit[]): RecordChange[] {
  const byRecord = new Map<string, RecordChange>();
  for (const { section, path } of edits) {
    const record = isRecordSection(ref.kind, section);
    const recordKey = record
      ? (path[0] as string)
      : section === "profile" && "customerId" in ref
        ? ref.customerId
        : section;
    const id = `${section}\u0000${recordKey}`;
    let change = byRecord.get(id);
    if (!change) {
      change = { section, recordKey, before: true, after: true, fields: new Set() };
      byRecord.set(id, change);
    }
    change.fields?.add((record ? path.slice(1) : path).slice(0, 4).join("."));
  }
  return [...byRecord.values()];
}
