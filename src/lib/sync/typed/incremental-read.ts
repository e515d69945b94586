import * as Y from "yjs";
import type { z } from "zod";
import type { DocumentKind } from "../../../../shared/documents/names";
import { DOCUMENT_SECTIONS, entryIdProblem, recordSectionParts } from "../../../../shared/documents/shapes";
import { sectionJson } from "./y-json";

// Reading a document as parsed data after each change without parsing all of it again. The app reads
// a document on every Yjs update (synced-document.ts); an organisation document with a book of
// thousands of summaries took ~100-200 ms per read in Chromium, most of it zod re-checking records that
// had not changed. So each document keeps what was parsed, and a Yjs transaction marks what it touched
// (seen before any observer runs): a whole section, or only some entries of a record section (a
// record keyed by id whose entries are checked on their own, shared/documents/shapes.ts). The next
// read parses only those; a section nothing touched keeps its data object (same identity), so React
// memos that depend on it hold. The result is the same as parsing every section afresh: an invalid
// entry makes its section absent, with the message of the whole section's schema.

export type Parsed = { ok: true; data: unknown } | { ok: false; message: string };

interface SectionState {
  result: Parsed;
  /** Parsed entries of a record section, by key (valid ones only). */
  entries?: Map<string, unknown>;
}

interface DocumentCache {
  kind: DocumentKind;
  sections: Map<string, SectionState>;
  /** Per section: everything changed (true) or the entry keys changed. */
  dirty: Map<string, true | Set<string>>;
  /** A change that could not be placed: read everything again. */
  allDirty: boolean;
  stop: () => void;
}

const caches = new WeakMap<Y.Doc, DocumentCache>();

/** A Yjs type as the document holds it (a section, or a map nested in one). */
type SharedType = Y.Doc["share"] extends Map<string, infer T> ? T : never;

const schemaOf = (kind: DocumentKind, section: string): z.ZodType =>
  (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section] as z.ZodType;

const describeIssues = (section: string, error: z.ZodError): string =>
  error.issues
    .map((issue) => `${[section, ...issue.path.map(String)].join(".")}: ${issue.message}`)
    .join("; ");

function markDirty(cache: DocumentCache, section: string, key: string | null) {
  const current = cache.dirty.get(section);
  if (current === true) return;
  if (key === null) {
    cache.dirty.set(section, true);
    return;
  }
  if (current) current.add(key);
  else cache.dirty.set(section, new Set([key]));
}

/** The top-level name of a root type of `doc` (undefined when it is not one of the shared types). */
function rootName(doc: Y.Doc, type: SharedType): string | undefined {
  for (const [name, shared] of doc.share) if (shared === type) return name;
  return undefined;
}

/** Marks what a transaction touched: the section, and the entry (a top-level key) inside it. */
function track(cache: DocumentCache, doc: Y.Doc, transaction: Y.Transaction) {
  transaction.changed.forEach((keys, type) => {
    if (cache.allDirty) return;
    if (type._item === null) {
      const name = rootName(doc, type);
      if (name === undefined) {
        cache.allDirty = true;
        return;
      }
      for (const key of keys) markDirty(cache, name, key);
      if (keys.size === 0) markDirty(cache, name, null);
      return;
    }
    // A nested type: climb to the child of the root; its key in the root is the entry changed.
    let child: SharedType = type;
    let parent = type._item.parent;
    while (parent instanceof Y.AbstractType && parent._item !== null) {
      child = parent;
      parent = parent._item.parent;
    }
    const name = parent instanceof Y.AbstractType ? rootName(doc, parent) : undefined;
    const key = child._item?.parentSub ?? null;
    if (name === undefined) cache.allDirty = true;
    else markDirty(cache, name, key);
  });
}

function cacheFor(kind: DocumentKind, doc: Y.Doc): DocumentCache {
  const existing = caches.get(doc);
  if (existing?.kind === kind) return existing;
  existing?.stop();
  const cache: DocumentCache = {
    kind,
    sections: new Map(),
    dirty: new Map(),
    allDirty: true,
    stop: () => {},
  };
  const onTransaction = (transaction: Y.Transaction) => track(cache, doc, transaction);
  doc.on("beforeObserverCalls", onTransaction);
  cache.stop = () => doc.off("beforeObserverCalls", onTransaction);
  caches.set(doc, cache);
  return cache;
}

/** The whole section parsed with its schema (what every read did before this cache). */
function parseWhole(kind: DocumentKind, doc: Y.Doc, section: string): SectionState {
  const parsed = schemaOf(kind, section).safeParse(sectionJson(doc, section));
  return {
    result: parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, message: describeIssues(section, parsed.error) },
  };
}

const entryJson = (value: unknown): unknown => (value instanceof Y.AbstractType ? value.toJSON() : value);

/**
 * A record section: only the entries in `keys` (all when undefined) are parsed again; the others keep
 * their parsed value. Any invalid entry: the whole section is parsed for its exact message.
 */
function parseRecords(
  kind: DocumentKind,
  doc: Y.Doc,
  section: string,
  parts: { key: z.ZodType; value: z.ZodType },
  previous: SectionState | undefined,
  keys: Set<string> | undefined,
): SectionState {
  const map = doc.getMap<unknown>(section);
  const entries = new Map<string, unknown>();
  const before = keys && previous?.entries ? previous.entries : undefined;
  const data: Record<string, unknown> = {};
  for (const [key, value] of map.entries()) {
    let parsed: unknown;
    if (before?.has(key) && !keys?.has(key)) parsed = before.get(key);
    else {
      const json = entryJson(value);
      const checked = parts.value.safeParse(json);
      if (!parts.key.safeParse(key).success || !checked.success || entryIdProblem(key, json) !== null)
        return parseWhole(kind, doc, section);
      parsed = checked.data;
    }
    entries.set(key, parsed);
    data[key] = parsed;
  }
  return { result: { ok: true, data }, entries };
}

/** Reads `doc` as parsed sections, re-parsing only what changed since the last read of this doc. */
export function readSections(
  kind: DocumentKind,
  doc: Y.Doc,
): { data: Record<string, unknown>; issues: { section: string; message: string }[] } {
  const cache = cacheFor(kind, doc);
  const data: Record<string, unknown> = {};
  const issues: { section: string; message: string }[] = [];
  const all = cache.allDirty;
  for (const section of Object.keys(DOCUMENT_SECTIONS[kind])) {
    if (!doc.share.has(section)) {
      cache.sections.delete(section);
      continue;
    }
    const dirty = all ? true : cache.dirty.get(section);
    let state = cache.sections.get(section);
    if (!state || dirty !== undefined) {
      const parts = recordSectionParts(kind, section);
      state = parts
        ? parseRecords(
            kind,
            doc,
            section,
            parts,
            state,
            dirty === true || dirty === undefined || !state?.result.ok ? undefined : dirty,
          )
        : parseWhole(kind, doc, section);
      cache.sections.set(section, state);
    }
    if (state.result.ok) data[section] = state.result.data;
    else issues.push({ section, message: state.result.message });
  }
  cache.dirty.clear();
  cache.allDirty = false;
  return { data, issues };
}
