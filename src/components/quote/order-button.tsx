import { lazy, Suspense } from "react";

// A step between the quote screen and the Order button's module: the quote screen's chunk then names
// only this small module, and the list of the sync layer's chunks the button needs (a dozen file
// names) lives here, downloaded by agents alone. Saves the quote screen ~0.3 KB gzipped.

const OrderButtonSynced = lazy(() => import("./order-button-synced"));

export default function OrderButton({
  inputs,
  plan = "lrp",
  noSales,
}: {
  inputs: Readonly<Record<string, string>>;
  plan?: "lrp" | "lgm";
  noSales: string | null;
}) {
  return (
    <Suspense fallback={null}>
      <OrderButtonSynced inputs={inputs} plan={plan} noSales={noSales} />
    </Suspense>
  );
}
