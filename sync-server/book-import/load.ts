import type { Hocuspocus } from "@hocuspocus/server";
import * as Y from "yjs";
import type { ExistingCustomer } from "../../shared/book/import/types";
import type { ImportLogEntry } from "../../shared/documents/import-log";
import { documentName, parseDocumentName } from "../../shared/documents/names";
import type { Storage } from "../storage/types";
import { documentJson } from "../sync/doc-json";

// The organisation's book as the import plans against it (docs/book-import.md): every customer document with
// its internal document's tax ids. An open document is read as it is live; a stored one from storage
// (the storage decrypts the internal documents, storage/encryption.ts). Read-only: nothing is opened
// through Hocuspocus, so a dry run creates and loads no document.

async function readJson(
  hocuspocus: Hocuspocus,
  storage: Storage,
  name: string,
): Promise<Record<string, unknown>> {
  const open = hocuspocus.documents.get(name);
  if (open) return documentJson(open);
  const stored = await storage.loadDocument(name);
  if (!stored.state && stored.updates.length === 0) return {};
  const doc = new Y.Doc();
  try {
    if (stored.state) Y.applyUpdate(doc, stored.state);
    for (const u of stored.updates) Y.applyUpdate(doc, u.update);
    return documentJson(doc);
  } finally {
    doc.destroy();
  }
}

/** The customer ids of the organisation: its stored customer documents and those open now. */
async function customerIds(hocuspocus: Hocuspocus, storage: Storage, orgId: string): Promise<string[]> {
  const names = [...(await storage.listDocuments(`org/${orgId}/customer/`)), ...hocuspocus.documents.keys()];
  const ids = new Set<string>();
  for (const name of names) {
    const ref = parseDocumentName(name);
    if (ref?.kind === "customer" && ref.orgId === orgId) ids.add(ref.customerId);
  }
  return [...ids].sort();
}

const records = (value: unknown) => (value ?? {}) as Record<string, never>;

export async function loadBook(
  hocuspocus: Hocuspocus,
  storage: Storage,
  orgId: string,
): Promise<ExistingCustomer[]> {
  const book: ExistingCustomer[] = [];
  for (const customerId of await customerIds(hocuspocus, storage, orgId)) {
    const [customer, internal] = await Promise.all([
      readJson(hocuspocus, storage, documentName.customer(orgId, customerId)),
      readJson(hocuspocus, storage, documentName.customerInternal(orgId, customerId)),
    ]);
    book.push({
      customerId,
      ...(customer.profile ? { profile: customer.profile as ExistingCustomer["profile"] } : {}),
      entities: records(customer.entities),
      policies: records(customer.policies),
      coverages: records(customer.coverages),
      taxIds: records(internal.taxIds),
    });
  }
  return book;
}

/** The book's log entry of the import `importId`, if the organisation has one (IMPORT2). */
export async function loggedImport(
  hocuspocus: Hocuspocus,
  storage: Storage,
  orgId: string,
  importId: string,
): Promise<ImportLogEntry | undefined> {
  const book = await readJson(hocuspocus, storage, documentName.book(orgId));
  return (book.imports as Record<string, ImportLogEntry> | undefined)?.[importId];
}
