import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { readCachedIdentity } from "../../auth/identity-cache";
import { useSession } from "../../auth/session";
import { deleteStoredDocuments } from "../device-store";
import { COVERAGE_LIST_PATH, startEarlyReads } from "../early-reads";
import type { SyncClient } from "../sync-client";

// The sync client of the signed-in user, for every screen below. Signed in (also offline, with the
// identity the auth layer kept): one client, started by sync-session.ts, which is loaded only then (a
// signed-out visitor never downloads Yjs). Signed out: no client, and no document of any user left on
// the device. Documents of other users of the device are removed when someone else signs in.

const SyncContext = createContext<SyncClient | null>(null);

// Someone signed in on this device before (the identity the auth layer keeps): the sync code is fetched,
// and a book screen's snapshot read (the coverage list's copy at once, early-reads.ts), while the
// sign-in is checked, rather than after it.
if (typeof window !== "undefined") {
  const cached = readCachedIdentity(window.localStorage);
  if (cached) {
    startEarlyReads(cached.user, window.location.pathname);
    // Not for the coverage list: it paints from its own copy before it loads the sync code.
    if (!COVERAGE_LIST_PATH.test(window.location.pathname))
      void import("./sync-session")
        .then(({ prefetchBookSnapshot }) => prefetchBookSnapshot(cached.user, window.location.pathname))
        .catch(() => {});
  }
}

export const useSyncClient = (): SyncClient | null => useContext(SyncContext);

export function SyncProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [client, setClient] = useState<SyncClient | null>(null);
  const getToken = useRef(session.getAccessToken);
  getToken.current = session.getAccessToken;

  const userId = session.status === "signed-in" ? (session.user?.sub ?? null) : null;
  const userName = session.user?.name ?? session.user?.email ?? userId ?? "";
  const signedOut = session.status === "signed-out" && session.error === null;

  useEffect(() => {
    if (!userId) {
      setClient(null);
      // Documents holding changes the server does not have stay for their user's next sign-in.
      if (signedOut) void deleteStoredDocuments(() => true, { keepUnsent: true }).catch(() => {});
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./sync-session").then(
      ({ startSyncSession }) => {
        if (cancelled) return;
        const started = startSyncSession({
          userId,
          userName,
          token: () => getToken.current(),
        });
        stop = started.stop;
        setClient(started.client);
      },
      // Without its code (offline before the app was ever cached) there is no sync; the screens work
      // from what the page has.
      () => {},
    );
    return () => {
      cancelled = true;
      if (stop) {
        stop();
        setClient(null);
      }
    };
  }, [userId, userName, signedOut]);

  return <SyncContext.Provider value={client}>{children}</SyncContext.Provider>;
}
