import type { Hocuspocus } from "@hocuspocus/server";
import * as Y from "yjs";
import type { DocumentWrites } from "../../shared/book/import/types";
import { coverageIssues, type FigureMarkets, NO_MARKET, salesDatesOf } from "../../shared/book/sce-record";
import { premiumChangesOf } from "../../shared/commissions/earnings";
import { type DocumentKind, documentName } from "../../shared/documents/names";
import { isRecordSection, validateEntry, validateSection } from "../../shared/documents/shapes";
import { isTextField } from "../../shared/documents/text-fields";
import { now } from "../clock";
import { figureLoaderOf } from "../market/figure-markets";
import { setUpdateAuthor } from "../storage/authors";

// Writing one document's planned import (docs/book-import.md) through the live document, as a restore does
// (sync-server/history/restore.ts): a direct connection, one update, attributed to the agent in the
// history. Records are written one key per field — an object is a Y.Map, a free-text field a Y.Text
// (TEXT1), what another device typed in a field the import does not change is kept — the way the
// device's typed transaction writes (src/lib/sync/typed/y-json.ts). Direct writes do not pass the write
// guard's socket path, so every entry is checked with the document's schema first; one that fails
// refuses the document's writes, and nothing of it is written.

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type TextAt = (path: readonly string[]) => boolean;

function toY(value: unknown, textAt: TextAt, path: readonly string[]): unknown {
  if (typeof value === "string" && textAt(path)) return new Y.Text(value);
  if (!isPlainObject(value)) return value;
  const map = new Y.Map<unknown>();
  for (const [key, entry] of Object.entries(value))
    if (entry !== undefined) map.set(key, toY(entry, textAt, [...path, key]));
  return map;
}

const plain = (value: unknown) => (value instanceof Y.AbstractType ? value.toJSON() : value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Writes `value` at `key` of `map` (at `path`), field by field where a map or a text is already there. */
function writeInto(
  map: Y.Map<unknown>,
  key: string,
  value: unknown,
  textAt: TextAt,
  path: readonly string[],
): void {
  const current = map.get(key);
  if (typeof value === "string" && current instanceof Y.Text && textAt(path)) {
    if (current.toString() !== value) {
      current.delete(0, current.length);
      current.insert(0, value);
    }
    return;
  }
  if (isPlainObject(value) && current instanceof Y.Map) {
    for (const field of [...current.keys()]) if (value[field] === undefined) current.delete(field);
    for (const [field, entry] of Object.entries(value))
      if (entry !== undefined && !same(plain(current.get(field)), entry))
        writeInto(current, field, entry, textAt, [...path, field]);
    return;
  }
  map.set(key, toY(value, textAt, path));
}

export interface WriteRefusal {
  document: string;
  issues: { path: (string | number)[]; message: string }[];
}

export const nameOf = (orgId: string, writes: DocumentWrites): string =>
  writes.kind === "book"
    ? documentName.book(orgId)
    : writes.kind === "customer"
      ? documentName.customer(orgId, writes.customerId as string)
      : documentName.customerInternal(orgId, writes.customerId as string);

/**
 * The schema's issues with one document's writes: each record entry, and a section that is one record
 * (the profile) as the writes leave it over `current` (the section as stored).
 */
export function issuesOf(
  writes: DocumentWrites,
  current: (section: string) => Record<string, unknown>,
  markets: FigureMarkets = NO_MARKET,
): WriteRefusal["issues"] {
  const kind: DocumentKind = writes.kind;
  const issues: WriteRefusal["issues"] = [];
  const sections = new Map<string, Record<string, unknown>>();
  for (const { section, key, value } of writes.entries) {
    if (isRecordSection(kind, section)) {
      for (const issue of validateEntry(kind, section, key, value))
        issues.push({ ...issue, path: [section, key, ...issue.path] });
      continue;
    }
    const merged = sections.get(section) ?? { ...current(section) };
    merged[key] = value;
    sections.set(section, merged);
  }
  for (const [section, json] of sections)
    for (const issue of validateSection(kind, section, json))
      issues.push({ ...issue, path: [section, ...issue.path] });
  // SCE1: every coverage's priced figures, as the write guard judges them (shared/book/sce-record.ts, the
  // one rule; the profile as these writes leave it; `markets`: the sales days' market, none by default).
  const coverages = coveragesOf(writes);
  if (coverages)
    issues.push(...coverageIssues(coverages, () => sections.get("profile") ?? current("profile"), markets));
  return issues;
}

/** A customer document's coverage writes as `coverages` JSON, or null when it writes none. */
function coveragesOf(writes: DocumentWrites): Record<string, unknown> | null {
  if (writes.kind !== "customer") return null;
  const entries = writes.entries.filter((e) => e.section === "coverages");
  return entries.length > 0 ? Object.fromEntries(entries.map((e) => [e.key, e.value])) : null;
}

/**
 * SCE1 with the server's market (the sales days' snapshots, figure-markets.ts): the coverages of one
 * document's writes, judged before they are written when the caller did not check them.
 */
async function marketIssues(
  hocuspocus: Hocuspocus,
  writes: DocumentWrites,
  profile: () => unknown,
): Promise<WriteRefusal["issues"]> {
  const coverages = coveragesOf(writes);
  const loader = coverages ? figureLoaderOf(hocuspocus) : undefined;
  if (!coverages || !loader) return [];
  const markets = await loader.load(salesDatesOf(coverages));
  const profileWrites = writes.entries.filter((e) => e.section === "profile");
  return coverageIssues(
    coverages,
    () => ({
      ...(profile() as Record<string, unknown>),
      ...Object.fromEntries(profileWrites.map((e) => [e.key, e.value])),
    }),
    markets,
  );
}

/**
 * Writes one document's entries as `userId`; the schema's refusal, or null when written. `checked`:
 * the caller checked these writes with issuesOf against the document as it is (run.ts checks every
 * document before writing any), so they are not checked twice.
 */
export async function writeDocument(
  hocuspocus: Hocuspocus,
  orgId: string,
  writes: DocumentWrites,
  userId: string,
  checked = false,
): Promise<WriteRefusal | null> {
  const name = nameOf(orgId, writes);
  const kind = writes.kind;
  const context = { server: true, importedBy: userId };
  const direct = await hocuspocus.openDirectConnection(name, context);
  try {
    const live = direct.document;
    if (!live) throw new Error(`${name} could not be opened`);
    if (!checked) {
      const issues = issuesOf(writes, (section) => live.getMap(section).toJSON() as Record<string, unknown>);
      if (issues.length > 0) return { document: name, issues };
      // SCE1 with the server's market (run.ts judged its writes with it in the work thread, before any
      // document was written).
      const priced = await marketIssues(hocuspocus, writes, () => live.getMap("profile").toJSON());
      if (priced.length > 0) return { document: name, issues: priced };
    }
    const attribute = (update: Uint8Array, origin: unknown) => {
      if ((origin as { context?: unknown } | null)?.context === context) setUpdateAuthor(update, userId);
    };
    live.on("update", attribute);
    try {
      await direct.transact((doc) => {
        // COMM9: a coverage whose total premium the import changed gets its premium history with it.
        const stored = (section: string, key: string) => plain(doc.getMap(section).get(key));
        const at = { now: now().toISOString(), userId };
        const entries =
          kind === "book"
            ? [...writes.entries, ...premiumChangesOf(writes.entries, stored, at)]
            : writes.entries;
        for (const { section, key, value } of entries) {
          const textAt: TextAt = (path) => isTextField(kind, section, path);
          const map = doc.getMap(section);
          if (same(plain(map.get(key)), value)) continue;
          // The book's summaries are derived and written whole, as the device and book-index.ts write them.
          if (kind === "book") map.set(key, value);
          else writeInto(map, key, value, textAt, [key]);
        }
      });
    } finally {
      live.off("update", attribute);
    }
    return null;
  } finally {
    await direct.disconnect();
  }
}
