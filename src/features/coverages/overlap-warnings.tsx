import { useMemo } from "react";
import { lrpLgmOverlapWarnings } from "../../../shared/book/plan-overlap";
import type { CustomerBook } from "../../components/book/use-customer-book";
import { Alert } from "../../components/ui/alert";

/**
 * The LRP + LGM-Cattle overlap warnings (shared/book/plan-overlap.ts) that involve one coverage of the
 * customer's book; nothing when there are none.
 */
export function OverlapWarnings({
  coverageId,
  book,
}: {
  coverageId: string;
  book: Pick<CustomerBook, "coverages" | "policies">;
}) {
  const warnings = useMemo(
    () =>
      lrpLgmOverlapWarnings(Object.values(book.coverages), book.policies).filter(
        (w) => w.lrpId === coverageId || w.lgmId === coverageId,
      ),
    [book.coverages, book.policies, coverageId],
  );
  if (warnings.length === 0) return null;
  return (
    <Alert tone="warning" title="LRP and LGM-Cattle cover the same month">
      <ul data-testid="overlap-warnings">
        {warnings.map((w) => (
          <li key={`${w.kind}-${w.lrpId}-${w.lgmId}-${w.month}`}>{w.message}</li>
        ))}
      </ul>
    </Alert>
  );
}
