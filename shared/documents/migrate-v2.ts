import { type DocumentRef, documentName } from "./names";
import { BOOK_INDEX_SECTIONS } from "./shapes";

// Version 2 → 3. Two things leave the document they were in, for another document of the same
// organisation; a migration here takes them out, and `moveOutV2` says what goes where, so the server
// writes them into the other document before the migrated one is saved (nothing is lost):
//  - the organisation document's book index (the summaries `customers`, `entities`, `policies`,
//    `coverages`, 12,000+ records for a large book) moves to the book document `org/{orgId}/book`,
//    which only the book's screens open: every signed-in screen opens the organisation document for its
//    theme and settings and no longer loads the book with it;
//  - a customer document's `legacy` section (records of version 1 that did not fit the strict shapes,
//    possibly internal notes or tax ids) moves to the agents-only internal document: the linked
//    customer reads the customer document and must not see them.

type DocumentJson = Record<string, unknown>;

/** Entries a migration moves to another document: its name, and the entries by section. */
export interface DocumentMove {
  target: string;
  sections: Record<string, Record<string, unknown>>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The sections of the version-2 document that version 3 keeps elsewhere, by kind. */
const MOVED_SECTIONS: Partial<Record<DocumentRef["kind"], readonly string[]>> = {
  org: BOOK_INDEX_SECTIONS,
  customer: ["legacy"],
};

/** Where a kind's moved sections go. */
function targetOf(ref: DocumentRef): string | null {
  if (ref.kind === "org") return documentName.book(ref.orgId);
  if (ref.kind === "customer") return documentName.customerInternal(ref.orgId, ref.customerId);
  return null;
}

/** What the version 2 → 3 migration of `document` (the document `ref`, at version 2) moves out: null when nothing. */
export function moveOutV2(ref: DocumentRef, document: DocumentJson): DocumentMove | null {
  const target = targetOf(ref);
  const sections: Record<string, Record<string, unknown>> = {};
  for (const section of MOVED_SECTIONS[ref.kind] ?? []) {
    const entries = document[section];
    if (isObject(entries) && Object.keys(entries).length > 0) sections[section] = { ...entries };
  }
  return target && Object.keys(sections).length > 0 ? { target, sections } : null;
}

/** The migration 2 → 3 of a kind that moves sections out: the document without them. */
export function migrateMovedOutV2(kind: DocumentRef["kind"]) {
  const moved = MOVED_SECTIONS[kind] ?? [];
  return (document: DocumentJson): DocumentJson => {
    if (!moved.some((section) => section in document)) return document;
    const next = { ...document };
    for (const section of moved) delete next[section];
    return next;
  };
}
