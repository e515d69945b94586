import { applyPlan } from "../../../shared/book/import/apply";
import type { DocumentWrites, ImportPlan } from "../../../shared/book/import/types";
import { premiumChangesOf } from "../../../shared/commissions/earnings";
import type { ImportLogEntry, SavedMapping } from "../../../shared/documents/import-log";
import { documentName } from "../../../shared/documents/names";
import type { SyncClient } from "../../lib/sync";

// Applying a confirmed import on the device (docs/book-import.md "Import" step 4): the plan's writes go into
// the documents the app already uses, one validated transaction per document (src/lib/sync: one key per
// field, free text as shared text), as this agent's own edits — kept on the device and sent when there is a
// connection, like any other edit, so an import made without signal is not lost. The import's entry and the
// sources' mappings go into the book document first: an import cut short (the tab closed) is listed, and can
// be undone, like a finished one.

const nameOf = (orgId: string, writes: DocumentWrites): string => {
  if (writes.kind === "book") return documentName.book(orgId);
  const customerId = writes.customerId ?? "";
  return writes.kind === "customer"
    ? documentName.customer(orgId, customerId)
    : documentName.customerInternal(orgId, customerId);
};

/** An entry of the book document as it is now. */
const storedIn =
  (book: ReturnType<SyncClient["open"]>) =>
  (section: string, key: string): unknown =>
    (book.getState().data as Record<string, Record<string, unknown> | undefined>)[section]?.[key];

/** Lets the page paint (the progress bar) between documents. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function applyOnDevice(
  client: SyncClient,
  orgId: string,
  input: { plan: ImportPlan; entry: ImportLogEntry; mappings: readonly SavedMapping[] },
  onProgress: (done: number, total: number) => void,
): Promise<{ documents: number; records: number }> {
  const book = client.open<"book">(documentName.book(orgId));
  await book.ready;
  book.write((tx) => {
    tx.setWhole("imports", [input.entry.id], input.entry);
    for (const mapping of input.mappings) tx.setWhole("importMappings", [mapping.id], mapping);
  });
  let written = 0;
  const at = { now: input.entry.at, userId: input.entry.by };
  return applyPlan(
    input.plan,
    async (writes) => {
      const document = client.open(nameOf(orgId, writes));
      await document.ready;
      // COMM9: a coverage whose total premium the import changed gets its premium history with it.
      const entries =
        writes.kind === "book"
          ? [...writes.entries, ...premiumChangesOf(writes.entries, storedIn(book), at)]
          : writes.entries;
      document.write((tx) => {
        for (const { section, key, value } of entries) {
          // The book's summaries are derived records, written whole (as the customer screens write them).
          if (writes.kind === "book") tx.setWhole(section as never, [key], value);
          else tx.set(section as never, [key], value);
        }
      });
      if (++written % 8 === 0) await yieldToPage();
    },
    onProgress,
  );
}
