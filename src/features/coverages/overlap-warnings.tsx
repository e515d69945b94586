import { useMemo } from "react";
import { lrpLgmOverlapWarnings, type OverlapLgm, type OverlapLrp } from "../../../shared/book/plan-overlap";
import type { Policy } from "../../../shared/documents/book";
import { Alert } from "../../components/ui/alert";

/**
 * The LRP + LGM-Cattle overlap warnings (shared/book/plan-overlap.ts) that involve one coverage of the
 * customer's book (a saved one, or the create form's candidate among the saved ones); nothing when
 * there are none.
 */
export function OverlapWarnings({
  coverageId,
  coverages,
  policies,
}: {
  coverageId: string;
  coverages: readonly (OverlapLrp | OverlapLgm)[];
  policies: Readonly<Record<string, Policy>>;
}) {
  const warnings = useMemo(
    () =>
      lrpLgmOverlapWarnings(coverages, policies).filter(
        (w) => w.lrpId === coverageId || w.lgmId === coverageId,
      ),
    [coverages, policies, coverageId],
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
