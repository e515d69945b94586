import { lazy, Suspense } from "react";
import { useSession } from "../../lib/auth/session";
import type { Unnamed } from "../../lib/sync/react/watch-setup";
import { mayKeepWatchlist } from "../../lib/sync/react/watchlist-access";

// Where the quote screens put "Save to watchlist". The form (and with it Yjs, the document shapes and
// zod) is loaded only for a user who may keep a watchlist, so a signed-out producer's quote screen
// does not download it.

const SaveToWatchlistForm = lazy(() => import("./save-to-watchlist"));

export function SaveToWatchlistSlot({ setup }: { setup: Unnamed }) {
  const session = useSession();
  if (session.status !== "signed-in" || !mayKeepWatchlist(session.roles)) return null;
  return (
    <Suspense fallback={null}>
      <SaveToWatchlistForm setup={setup} />
    </Suspense>
  );
}
