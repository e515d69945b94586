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

/** Lets the event loop take other requests and sockets every this many customers read. */
const YIELD_EVERY = 32;

/**
 * The organisation's book (ExistingCustomer[]) as JSON bytes for the work thread (plan-task.ts): each
 * customer read and serialised in its turn, the loop let go every YIELD_EVERY customers, so a large book
 * is never one long step on the event loop (nor one large structured clone to the thread).
 */
export async function loadBook(
  hocuspocus: Hocuspocus,
  storage: Storage,
  orgId: string,
): Promise<ArrayBuffer> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const ids = await customerIds(hocuspocus, storage, orgId);
  for (const [i, customerId] of ids.entries()) {
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise<void>((resolve) => setImmediate(resolve));
    const [customer, internal] = await Promise.all([
      readJson(hocuspocus, storage, documentName.customer(orgId, customerId)),
      readJson(hocuspocus, storage, documentName.customerInternal(orgId, customerId)),
    ]);
    const existing: ExistingCustomer = {
      customerId,
      ...(customer.profile ? { profile: customer.profile as ExistingCustomer["profile"] } : {}),
      entities: records(customer.entities),
      policies: records(customer.policies),
      coverages: records(customer.coverages),
      taxIds: records(internal.taxIds),
      // HOLD1: endorsements held as "needs details", so the same file again holds nothing twice.
      held: records(internal.heldCoverages),
    };
    parts.push(encoder.encode(`${i === 0 ? "" : ","}${JSON.stringify(existing)}`));
  }
  const json = new Uint8Array(2 + parts.reduce((n, p) => n + p.length, 0));
  json[0] = 0x5b; // [
  let at = 1;
  for (const part of parts) {
    json.set(part, at);
    at += part.length;
  }
  json[at] = 0x5d; // ]
  return json.buffer;
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
