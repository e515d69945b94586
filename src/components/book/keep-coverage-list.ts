import { useEffect } from "react";
import type { CustomerSummary } from "../../../shared/documents/book";
import { useSession } from "../../lib/auth/session";
import { beforeSignOut } from "../../lib/auth/sign-out-hooks";
import { useSyncClient } from "../../lib/sync";
import { databaseName } from "../../lib/sync/database-names";
import { COVERAGE_LIST_KEY, openExistingDatabase } from "../../lib/sync/early-reads";
import { whenIdle } from "../../lib/sync/frames";
import { type CoverageListItem, encodeCoverageList } from "./coverage-list-copy";

// Keeps the coverage list's compact copy (coverage-list-copy.ts) in step with the loaded book document,
// from every screen that opens the book. Apart from the reading side, so the list's first paint loads
// neither Yjs nor the sync layer.

async function writeCopy(database: string, text: string): Promise<void> {
  const db = await openExistingDatabase(database);
  if (!db) return;
  try {
    await new Promise<void>((resolve) => {
      const transaction = db.transaction("custom", "readwrite");
      transaction.objectStore("custom").put(text, COVERAGE_LIST_KEY);
      transaction.oncomplete = () => resolve();
      transaction.onabort = () => resolve();
      transaction.onerror = () => resolve();
    });
  } catch {
    // Not kept: the next page load waits for the book document, as without a copy.
  } finally {
    db.close();
  }
}

interface Source {
  coverages: Readonly<Record<string, CoverageListItem>> | undefined;
  customers: Readonly<Record<string, Pick<CustomerSummary, "id" | "name">>> | undefined;
}

const kept = new Map<string, { timer?: ReturnType<typeof setTimeout>; saved: Source | null; next: Source }>();

// A sign-out deletes the user's documents, the copy with them: a copy write still waiting for its 2 s
// of quiet must not open the book's database again while (or after) it is deleted. Once signed out,
// this page writes no copy (the next sign-in is a new page load).
let signingOut = false;
beforeSignOut(async () => {
  signingOut = true;
  for (const entry of kept.values()) clearTimeout(entry.timer);
  kept.clear();
});

/**
 * Keeps the copy of `database` in step with the loaded book document's content: after 2 s without a
 * change (and when the browser is idle), if the coverages or the customers changed since the last
 * copy (the sync layer keeps each section's object while nothing in it changes).
 */
function keepCoverageList(database: string, source: Source): void {
  if (signingOut) return;
  const entry = kept.get(database) ?? { saved: null, next: source };
  kept.set(database, entry);
  entry.next = source;
  const same = (a: Source | null, b: Source) => a?.coverages === b.coverages && a?.customers === b.customers;
  if (same(entry.saved, source)) return;
  clearTimeout(entry.timer);
  entry.timer = setTimeout(
    () =>
      whenIdle(() => {
        const next = entry.next;
        if (signingOut || same(entry.saved, next)) return;
        entry.saved = next;
        const text = encodeCoverageList(
          Object.values(next.coverages ?? {}),
          Object.values(next.customers ?? {}),
        );
        void writeCopy(database, text);
      }),
    2000,
  );
}

/** What the copy follows of the book document (a SyncedDocument of kind "book", src/lib/sync). */
interface BookDocument {
  observe(listener: () => void): unknown;
  getState(): { loaded: boolean; removed: boolean; data: Partial<Source> };
}

const followed = new WeakSet<BookDocument>();

/**
 * Keeps the coverage list's copy of the book document `document` (stored in `database`) for as long
 * as the document is open: the screens that open the book call it (useKeepCoverageList in
 * use-book-index.ts and use-customer-book.ts), so changes that arrive while another screen is shown
 * are kept too, as the document's snapshot keeps them.
 */
function followBookDocument(database: string, document: BookDocument): void {
  if (followed.has(document)) return;
  followed.add(document);
  const check = () => {
    const { loaded, removed, data } = document.getState();
    if (loaded && !removed)
      keepCoverageList(database, { coverages: data.coverages, customers: data.customers });
  };
  document.observe(check);
  check();
}

/**
 * For a screen that has the book document `name` open (`open`: its state is there): keeps the coverage
 * list's copy of it for as long as it is open (followBookDocument).
 */
export function useKeepCoverageList(name: string | null, open: boolean): void {
  const client = useSyncClient();
  const userId = useSession().user?.sub ?? null;
  useEffect(() => {
    const document = open && name ? client?.opened(name) : undefined;
    if (document && userId && name)
      followBookDocument(databaseName(userId, name), document as unknown as BookDocument);
  }, [open, client, name, userId]);
}
