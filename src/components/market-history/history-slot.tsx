import { lazy, Suspense } from "react";
import { useSession } from "../../lib/auth/session";
import type { OfferKey } from "./offer-history";

// Where the LRP quote screen shows the chosen offer's history (docs/market-data.md). The chart, comparison and
// back-test load only for a signed-in user who is online (the history is on the server), so the quote
// screen's first JavaScript does not carry them.

const OfferHistory = lazy(() => import("./offer-history"));

export function HistorySlot({ offer }: { offer: OfferKey | null }) {
  const session = useSession();
  if (!offer || session.status !== "signed-in" || (typeof navigator !== "undefined" && !navigator.onLine))
    return null;
  return (
    <Suspense fallback={null}>
      <OfferHistory offer={offer} />
    </Suspense>
  );
}
