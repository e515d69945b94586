import type { Hocuspocus } from "@hocuspocus/server";
import * as Y from "yjs";
import { migrateDocument } from "../../shared/documents/migrations";
import type { DocumentKind, DocumentRef } from "../../shared/documents/names";
import {
  type DocumentIssue,
  isRecordSection,
  sectionsOf,
  validateDocument,
} from "../../shared/documents/shapes";
import { now } from "../clock";
import { setUpdateAuthor } from "../storage/authors";
import type { Storage } from "../storage/types";
import { documentJson, writeSections } from "../sync/doc-json";
import { upgradeTexts } from "../sync/text-upgrade";
import { type BookIndexRefresh, refreshBookIndex } from "./book-index";
import {
  type ClaimSummaryRefresh,
  claimCustomerOf,
  refreshAfterClaimRestore,
  refreshAfterCustomerRestore,
  refreshAfterOrgRestore,
} from "./claim-summaries";
import { documentAt } from "./past-state";

// Restore (docs/hardening.md; HIST2): a record, or the whole document, is made to read as it did at a past
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
      /** Claim summaries in the organisation and customer documents, brought in line (claim-summaries.ts). */
      claimSummaries?: ClaimSummaryRefresh | { error: string };
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
    now: now().toISOString(),
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

/**
 * Writes the restore into `doc`, its free-text fields as shared text (TEXT1): a device that shows a
 * restored field binds to the server's text instead of making one of its own (a change of its user's,
 * in the history, for merely looking at the record).
 */
const apply = (doc: Y.Doc, kind: DocumentKind, writes: ReturnType<typeof restoreWrites>) => {
  if (typeof writes === "function") writes(doc);
  else writeSections(doc, writes);
  upgradeTexts(doc, kind);
};

type Refreshed<T> = T | { error: string };
/** What a restore brought in line after it: summaries derived from the restored document. */
interface Followed {
  bookIndex?: Refreshed<BookIndexRefresh>;
  claimSummaries?: Refreshed<ClaimSummaryRefresh>;
}

const attempt = async <T>(run: () => Promise<T>): Promise<Refreshed<T>> => {
  try {
    return await run();
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/** Whether the restore wrote (or would have written) the document's `claims` section. */
const coversClaims = (target: RestoreTarget) => target === null || target.section === "claims";

/**
 * After a restore, what derives from the document follows it (also when the restore changed nothing, so
 * a restore can mend summaries left behind); a failure here leaves the restore done. A customer
 * document: its summaries in the book index (book-index.ts) and, when its `claims` were restored, its
 * claim summaries (claim-summaries.ts); a claim document: its summaries in the organisation and customer
 * documents; the organisation document, when its `claims` were restored: every claim summary.
 */
async function follow(
  options: { hocuspocus: Hocuspocus; storage: Storage; ref: DocumentRef; target: RestoreTarget },
  live: Y.Doc,
  customerBefore: string | null,
): Promise<Followed> {
  const { hocuspocus, storage, ref, target } = options;
  if (ref.kind === "claim") {
    const claim = documentJson(live);
    return {
      claimSummaries: await attempt(() =>
        refreshAfterClaimRestore({
          hocuspocus,
          storage,
          orgId: ref.orgId,
          claimId: ref.claimId,
          claim,
          customerBefore,
        }),
      ),
    };
  }
  if (ref.kind === "org" && coversClaims(target))
    return {
      claimSummaries: await attempt(() => refreshAfterOrgRestore({ hocuspocus, storage, orgId: ref.orgId })),
    };
  if (ref.kind !== "customer") return {};
  const { orgId, customerId } = ref;
  return {
    bookIndex: await attempt(() => refreshBookIndex({ hocuspocus, orgId, customerId, customer: live })),
    ...(coversClaims(target)
      ? {
          claimSummaries: await attempt(() =>
            refreshAfterCustomerRestore({ hocuspocus, storage, orgId, customerId }),
          ),
        }
      : {}),
  };
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
  const { storage, ref, at, target } = options;
  const allowed = restorableSections(ref);
  if (target && !allowed.includes(target.section))
    return { ok: false, error: "unknown-section", sections: allowed };
  const { json, since } = await pastJson(storage, ref, at);
  if (at < since) return { ok: false, error: "too-old", since };
  return commitRestore(options, restoreWrites(ref, json, target), { pastMeta: json.meta, since });
}

/** One record and the value it gets back (undefined: the record is removed). */
export interface RecordRestore {
  section: string;
  /** The entry's key; null for a section that is one record (the profile). */
  key: string | null;
  value: Record<string, unknown> | undefined;
}

/**
 * Gives records of `ref` back values of their past (the book import's undo, import-undo.ts: each record
 * as it was just before the import wrote it), in one update, as the user `userId`, checked on a copy
 * first like any restore; with `dryRun`, only checked.
 */
export function restoreRecords(
  options: { hocuspocus: Hocuspocus; storage: Storage; ref: DocumentRef; userId: string; dryRun?: boolean },
  records: readonly RecordRestore[],
): Promise<RestoreResult> {
  const writes = (doc: Y.Doc) => {
    for (const { section, key, value } of records) {
      if (key === null) {
        writeSections(doc, { [section]: value ?? {} });
        continue;
      }
      const map = doc.getMap(section);
      const current = map.get(key);
      const plain = current instanceof Y.AbstractType ? current.toJSON() : current;
      if (value === undefined) map.delete(key);
      else if (JSON.stringify(plain) !== JSON.stringify(value)) map.set(key, value);
    }
  };
  // The claims section is never an import's: its summaries need no refresh.
  return commitRestore({ ...options, target: { section: "entities", key: null } }, writes, {
    since: 0,
    dryRun: options.dryRun,
  });
}

/** Applies a restore's writes to the live document (checked on a copy first), then what follows it. */
async function commitRestore(
  options: {
    hocuspocus: Hocuspocus;
    storage: Storage;
    ref: DocumentRef;
    target: RestoreTarget;
    userId: string;
  },
  writes: ReturnType<typeof restoreWrites>,
  past: { pastMeta?: unknown; since: number; dryRun?: boolean },
): Promise<RestoreResult> {
  const { hocuspocus, ref, userId } = options;
  const { pastMeta, since } = past;
  const context = { server: true, restoredBy: userId };
  const direct = await hocuspocus.openDirectConnection(ref.name, context);
  try {
    const live = direct.document;
    if (!live) throw new Error(`${ref.name} could not be opened`);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
    const current = documentJson(copy);
    // SYNC9: a damaged document (a schema version this server does not know) gets its past `meta` back.
    const repair = (doc: Y.Doc) => {
      if (pastMeta !== undefined && JSON.stringify(current.meta) !== JSON.stringify(pastMeta))
        writeSections(doc, { meta: pastMeta as Record<string, unknown> });
    };
    const before = new Set(validateDocument(ref.kind, current).map(issueKey));
    const customerBefore = ref.kind === "claim" ? claimCustomerOf(current) : null;
    let changed = false;
    copy.on("update", () => {
      changed = true;
    });
    copy.transact(() => {
      apply(copy, ref.kind, writes);
      repair(copy);
    });
    const issues = validateDocument(ref.kind, documentJson(copy)).filter((i) => !before.has(issueKey(i)));
    if (issues.length > 0) return { ok: false, error: "invalid-document", issues };
    if (past.dryRun) return { ok: true, changed, since };
    if (!changed)
      return { ok: true, changed: false, since, ...(await follow(options, live, customerBefore)) };
    // The restore's update is attributed to the administrator in the history (storage/authors.ts).
    const attribute = (update: Uint8Array, origin: unknown) => {
      if ((origin as { context?: unknown } | null)?.context === context) setUpdateAuthor(update, userId);
    };
    live.on("update", attribute);
    try {
      await direct.transact((doc) => {
        apply(doc, ref.kind, writes);
        repair(doc);
      });
    } finally {
      live.off("update", attribute);
    }
    return { ok: true, changed: true, since, ...(await follow(options, live, customerBefore)) };
  } finally {
    await direct.disconnect({ unloadImmediately: false });
  }
}
