import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { documentName } from "../../../../shared/documents/names";
import { useSession } from "../../auth/session";
import { beforeSignOut } from "../../auth/sign-out-hooks";
import { httpMarketSource } from "../../pricing/http-market-source";
import { setMarketSource } from "../../pricing/pricing-store";
import { syncUrl } from "../config";
import { deleteStoredDocuments } from "../device-store";
import { documentMarketSource } from "../market/device-market";
import { SyncClient } from "../sync-client";
import { installDebugHook } from "./debug-hook";
import { presenceColor } from "./presence-color";

// The sync client of the signed-in user, for every screen below. Signed in (also offline, with the
// identity the auth layer kept): one client, the user's watchlist and the market snapshot open at
// once, and every document already on the device reopened so it syncs in the background. Signed out:
// no client, and no document of any user left on the device. Signed in, the quote screens' pricing
// (src/lib/pricing) takes its snapshot from the synced market/current document too. Documents of other users of the device
// are removed when someone else signs in.

const SyncContext = createContext<SyncClient | null>(null);

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
      if (signedOut) void deleteStoredDocuments(() => true).catch(() => {});
      return;
    }
    const created = new SyncClient({
      url: syncUrl(window.location),
      userId,
      user: { id: userId, name: userName, color: presenceColor(userId) },
      token: () => getToken.current(),
    });
    setClient(created);
    void deleteStoredDocuments((d) => d.userId !== userId).catch(() => {});
    created.open(documentName.watchlist(userId));
    created.open(documentName.market());
    void created.reopenStored();
    setMarketSource(documentMarketSource(created));
    const removeHook = beforeSignOut(() => created.closeAndForget());
    const removeDebug = installDebugHook(created);
    return () => {
      removeHook();
      removeDebug();
      setMarketSource(httpMarketSource);
      void created.close();
    };
  }, [userId, userName, signedOut]);

  return <SyncContext.Provider value={client}>{children}</SyncContext.Provider>;
}
