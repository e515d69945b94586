import { ORG_DOCUMENT_POLICY } from "../../../../shared/access/documents";
import { documentName } from "../../../../shared/documents/names";
import { readAccessClaims } from "../../auth/access-claims";
import { beforeSignOut } from "../../auth/sign-out-hooks";
import { httpMarketSource } from "../../pricing/http-market-source";
import { setMarketSource } from "../../pricing/pricing-store";
import { databaseName, syncUrl } from "../config";
import { prefetchSnapshot } from "../device-snapshot";
import { deleteStoredDocuments, storedDocuments } from "../device-store";
import { COVERAGE_LIST_PATH } from "../early-reads";
import { whenIdle } from "../frames";
import { documentMarketSource, marketHistoryOf } from "../market/device-market";
import { SyncClient } from "../sync-client";
import { installDebugHook } from "./debug-hook";
import { presenceColor } from "./presence-color";

// The signed-in part of the sync layer: Yjs, the Hocuspocus provider and IndexedDB persistence. The
// SyncProvider (sync-context.tsx) imports this module only when someone is signed in — or, at start,
// when the device holds a session (prefetchBookSnapshot, below) — so a signed-out visitor never
// downloads it.

/**
 * A page load of a screen that lists the book, by someone signed in on this device before: the book
 * document's snapshot is read from the device while the sign-in is still being checked (the screen
 * would read it right after).
 */
export function prefetchBookSnapshot(user: { sub?: string } & Record<string, unknown>, path: string): void {
  const { orgId, roles } = readAccessClaims(user);
  // Only someone whose role reads the book (the server's rule, ACL3b) and only on an agent screen.
  const readsBook = roles.some((role) => ORG_DOCUMENT_POLICY.book[role].access !== "none");
  if (!user.sub || !orgId || !BOOK_SCREEN.test(path) || OWN_COPY_SCREEN.test(path) || !readsBook) return;
  const database = databaseName(user.sub, documentName.book(orgId));
  prefetchSnapshot(
    database,
    storedDocuments().then((stored) => stored.some((d) => d.database === database)),
  );
}
const BOOK_SCREEN = /^\/agent(\/|$)/;
// The coverage list paints from a compact copy of its own and opens the book document after that paint
// (src/components/book/coverage-list-copy.ts): the book's whole snapshot, read and parsed now, would
// only hold the main thread before its rows.
const OWN_COPY_SCREEN = COVERAGE_LIST_PATH;

/** The warning at sign-out when some changes are not on the server yet (they stay on the device). */
export function unsentWarning(pending: number, refused: number): string | null {
  if (pending === 0 && refused === 0) return null;
  const parts = [
    pending > 0 ? `${pending} ${pending === 1 ? "change" : "changes"} not yet on the server` : "",
    refused > 0 ? `${refused} ${refused === 1 ? "record" : "records"} the server refused` : "",
  ].filter(Boolean);
  return `You have ${parts.join(" and ")}. They stay on this device and are sent when you sign in here again; nobody else who signs in on this device sees them.`;
}

function warnUnsent(client: SyncClient) {
  const { pending, refused } = client.getStatus();
  const warning = unsentWarning(pending, refused.length);
  if (warning && typeof window.alert === "function") window.alert(warning);
}

export interface SyncSessionOptions {
  userId: string;
  userName: string;
  token: () => Promise<string>;
}

export interface SyncSession {
  client: SyncClient;
  /** Closes the client and puts the HTTP market source back. */
  stop(): void;
}

/**
 * One client for the user, with their watchlist and the market snapshot open at once and every document
 * already on the device but the book document reopened so it syncs in the background; other users' documents are removed,
 * the quote screens' pricing takes its snapshot from the synced market/current document, and a
 * sign-out first closes and deletes the user's documents.
 */
export function startSyncSession({ userId, userName, token }: SyncSessionOptions): SyncSession {
  const client = new SyncClient({
    url: syncUrl(window.location),
    userId,
    user: { id: userId, name: userName, color: presenceColor(userId) },
    token,
  });
  // Other users' documents go, but those holding their changes not yet on the server: kept, never
  // opened, for that user's next sign-in here (docs/hardening.md).
  void deleteStoredDocuments((d) => d.userId !== userId, { keepUnsent: true }).catch(() => {});
  client.open(documentName.watchlist(userId));
  client.open(documentName.market());
  // The book document (every summary of an agent's book, several MB) opens with the screens that
  // list the book, not with every screen, except when this device holds changes of it the server does
  // not have yet (written offline): then it opens once the first screen is up, and sends them.
  void client.reopenStored((ref) => ref.kind !== "book");
  whenIdle(() => void client.reopenStored((ref) => ref.kind === "book", { unsentOnly: true }));
  setMarketSource(documentMarketSource(client));
  // A newly published snapshot (docs/market-data.md): the quote screens take it without a reload.
  const history = marketHistoryOf(client);
  let shownAsOf = history.get().current?.asOf;
  const removeMarketWatch = history.subscribe(() => {
    const asOf = history.get().current?.asOf;
    if (asOf && shownAsOf && asOf > shownAsOf) setMarketSource(documentMarketSource(client));
    shownAsOf = asOf ?? shownAsOf;
  });
  const removeHook = beforeSignOut(() => {
    warnUnsent(client);
    return client.closeAndForget();
  });
  const removeDebug = installDebugHook(client);
  return {
    client,
    stop() {
      removeHook();
      removeDebug();
      removeMarketWatch();
      setMarketSource(httpMarketSource);
      void client.close();
    },
  };
}
