import type { Hocuspocus } from "@hocuspocus/server";
import * as Y from "yjs";
import { migrateDocument } from "../../shared/documents/migrations";
import type { DocumentRef } from "../../shared/documents/names";
import {
  type DocumentIssue,
  isRecordSection,
  sectionsOf,
  validateDocument,
} from "../../shared/documents/shapes";
import { setUpdateAuthor } from "../storage/authors";
import type { Storage } from "../storage/types";
import { documentJson, writeSections } from "../sync/doc-json";
import { type BookIndexRefresh, refreshBookIndex } from "./book-index";
import { documentAt } from "./past-state";

// Restore (issue 16 §4, HIST2): a record, or the whole document, is made to read as it did at a past
// time by a NEW update applied through the live document — connected clients receive it like any
// other change, it is logged and archived like any other, and nothing written after that time is
// destroyed (the history still holds it; restoring a later time brings it back). The update's author
// in the history is the administrator who restored.

/** Sections a restore never writes: the schema version, and what the server alone keeps. */
const NOT_RESTORED: Readonly<Record<string, readonly string[]>> = {
  org: ["members", "claimProposals"],
};

export type RestoreTarget = { section: string; key: string | null } | null;

export type RestoreResult =
  | {
      ok: true;
      changed: boolean;
      since: number;
      /** A customer document's summaries in the book index, brought in line (book-index.ts). */
      bookIndex?: BookIndexRefresh | { error: string };
    }
  | { ok: false; error: "too-old"; since: number }
  | { ok: false; error: "unknown-section"; sections: readonly string[] }
  | { ok: false; error: "invalid-document"; issues: DocumentIssue[] };

/** The sections a restore may write in a document of this kind. */
export const restorableSections = (ref: DocumentRef): string[] =>
  sectionsOf(ref.kind).filter((s) => s !== "meta" && !(NOT_RESTORED[ref.kind] ?? []).includes(s));

/** The past JSON of a document at `at`, in today's schema (a version-older state is migrated). */
export async function pastJson(
  storage: Storage,
  ref: DocumentRef,
  at: number,
): Promise<{ json: Record<string, unknown>; since: number }> {
  const past = await documentAt(storage, ref.name, at);
  const json = documentJson(past.doc);
  if (json.meta === undefined) return { json, since: past.since };
  const migrated = migrateDocument(ref.kind, json, {
    now: new Date().toISOString(),
    recordId: ref.kind === "customer" ? ref.customerId : "",
  });
  return { json: migrated, since: past.since };
}

/** What to write into the live document: whole sections, or one entry. */
function restoreWrites(
  ref: DocumentRef,
  past: Record<string, unknown>,
  target: RestoreTarget,
): Record<string, Record<string, unknown>> | ((doc: Y.Doc) => void) {
  const sectionOf = (name: string) => (past[name] ?? {}) as Record<string, unknown>;
  if (!target) return Object.fromEntries(restorableSections(ref).map((s) => [s, sectionOf(s)]));
  if (target.key === null || !isRecordSection(ref.kind, target.section))
    return { [target.section]: sectionOf(target.section) };
  const { section, key } = target;
  return (doc: Y.Doc) => {
    const map = doc.getMap(section);
    const value = sectionOf(section)[key];
    if (value === undefined) map.delete(key);
    else {
      const current = map.get(key);
      const plain = current instanceof Y.AbstractType ? current.toJSON() : current;
      if (JSON.stringify(plain) !== JSON.stringify(value)) map.set(key, value);
    }
  };
}

const apply = (doc: Y.Doc, writes: ReturnType<typeof restoreWrites>) =>
  typeof writes === "function" ? writes(doc) : writeSections(doc, writes);

/**
 * After restoring a customer document: its summaries in the book index follow (also when the restore
 * changed nothing, so a restore can mend an index left behind). A failure here leaves the restore done.
 */
async function refreshIndex(
  hocuspocus: Hocuspocus,
  ref: DocumentRef,
  live: Y.Doc,
): Promise<{ bookIndex?: BookIndexRefresh | { error: string } }> {
  if (ref.kind !== "customer") return {};
  try {
    return {
      bookIndex: await refreshBookIndex({
        hocuspocus,
        orgId: ref.orgId,
        customerId: ref.customerId,
        customer: live,
      }),
    };
  } catch (error) {
    return { bookIndex: { error: (error as Error).message } };
  }
}

const issueKey = (i: DocumentIssue) => `${i.path.join("/")}: ${i.message}`;

/**
 * Restores `target` (null: the whole document) of `ref` to how it was at `at`, as the user `userId`.
 * Checked first on a copy: a restore that would make the document fail its schema is refused.
 */
export async function restoreDocument(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  ref: DocumentRef;
  at: number;
  target: RestoreTarget;
  userId: string;
}): Promise<RestoreResult> {
  const { hocuspocus, storage, ref, at, target, userId } = options;
  const allowed = restorableSections(ref);
  if (target && !allowed.includes(target.section))
    return { ok: false, error: "unknown-section", sections: allowed };
  const { json, since } = await pastJson(storage, ref, at);
  if (at < since) return { ok: false, error: "too-old", since };
  const writes = restoreWrites(ref, json, target);

  const context = { server: true, restoredBy: userId };
  const direct = await hocuspocus.openDirectConnection(ref.name, context);
  try {
    const live = direct.document;
    if (!live) throw new Error(`${ref.name} could not be opened`);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
    const before = new Set(validateDocument(ref.kind, documentJson(copy)).map(issueKey));
    let changed = false;
    copy.on("update", () => {
      changed = true;
    });
    copy.transact(() => apply(copy, writes));
    const issues = validateDocument(ref.kind, documentJson(copy)).filter((i) => !before.has(issueKey(i)));
    if (issues.length > 0) return { ok: false, error: "invalid-document", issues };
    if (!changed) return { ok: true, changed: false, since, ...(await refreshIndex(hocuspocus, ref, live)) };
    // The restore's update is attributed to the administrator in the history (storage/authors.ts).
    const attribute = (update: Uint8Array, origin: unknown) => {
      if ((origin as { context?: unknown } | null)?.context === context) setUpdateAuthor(update, userId);
    };
    live.on("update", attribute);
    try {
      await direct.transact((doc) => apply(doc, writes));
    } finally {
      live.off("update", attribute);
    }
    return { ok: true, changed: true, since, ...(await refreshIndex(hocuspocus, ref, live)) };
  } finally {
    await direct.disconnect({ unloadImmediately: false });
  }
}
