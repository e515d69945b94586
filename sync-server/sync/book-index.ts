import * as Y from "yjs";
import { documentName } from "../../shared/documents/names";
import { BOOK_INDEX_SECTIONS } from "../../shared/documents/shapes";
import type { Storage } from "../storage/types";
import { documentJson } from "./doc-json";

// The organisation's book index as stored, for readers outside a sync connection (the partner API):
// the summary sections of the book document `org/{orgId}/book`. Until an organisation document stored
// at schema version 2 is next loaded (which moves its summaries into the book document), the summaries
// are still there: they are read too, and an entry the book document has wins.

export type BookIndexSection = (typeof BOOK_INDEX_SECTIONS)[number];
export type StoredBookIndex = Record<BookIndexSection, Record<string, unknown>>;

const SECTIONS: ReadonlySet<string> = new Set(BOOK_INDEX_SECTIONS);

async function storedSections(storage: Storage, name: string): Promise<Record<string, unknown>> {
  const stored = await storage.loadDocument(name);
  const doc = new Y.Doc();
  try {
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const u of stored.updates) Y.applyUpdate(doc, u.update);
    return documentJson(doc, SECTIONS);
  } finally {
    doc.destroy();
  }
}

export async function storedBookIndex(storage: Storage, orgId: string): Promise<StoredBookIndex> {
  const [book, org] = await Promise.all([
    storedSections(storage, documentName.book(orgId)),
    storedSections(storage, documentName.org(orgId)),
  ]);
  const index = {} as StoredBookIndex;
  for (const section of BOOK_INDEX_SECTIONS)
    index[section] = {
      ...(org[section] as Record<string, unknown> | undefined),
      ...(book[section] as Record<string, unknown> | undefined),
    };
  return index;
}
