import { lazy, Suspense } from "react";
import { useSession } from "../../lib/auth/session";

// Where the LRP quote screen puts the organisation's "Order" button (spec §3 isOrderButtonHidden,
// orderButtonText). It shows only to a signed-in agent, and its module — which reads the organisation
// document through the sync layer — loads only for them, so a producer's quote screen downloads none
// of it (the same pattern as src/components/watchlist/save-to-watchlist-slot.tsx).

const OrderButton = lazy(() => import("./order-button"));

/**
 * `inputs`: the quote's inputs and chosen row as URL parameters of the coverage create screen.
 * `noSales`: the sentence saying why nothing can be bought on the quote's day (docs/agent-book.md "Bought on an earlier day"), or null.
 */
export function OrderButtonSlot({
  inputs,
  plan = "lrp",
  noSales = null,
}: {
  inputs: Readonly<Record<string, string>>;
  plan?: "lrp" | "lgm";
  noSales?: string | null;
}) {
  const session = useSession();
  if (session.status !== "signed-in" || !session.roles.includes("agent")) return null;
  return (
    <Suspense fallback={null}>
      <OrderButton inputs={inputs} plan={plan} noSales={noSales} />
    </Suspense>
  );
}
