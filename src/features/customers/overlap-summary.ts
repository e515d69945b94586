import {
  lrpLgmOverlapWarnings,
  type OverlapLgm,
  type OverlapLrp,
  type PlanOverlapKind,
} from "../../../shared/book/plan-overlap";
import type { Policy } from "../../../shared/documents/book";

// The customer record's view of the LRP + LGM-Cattle overlap rule (shared/book/plan-overlap.ts): every
// warning among the customer's coverages, each with links to the two coverages it names, so an agent
// sees the conflict on the record and not only on a coverage's own page.

export interface OverlapItem {
  key: string;
  kind: PlanOverlapKind;
  message: string;
  lrpHref: string;
  lgmHref: string;
}

export function customerOverlapItems(
  coverages: Iterable<OverlapLrp | OverlapLgm>,
  policies: Readonly<Record<string, Policy>>,
): OverlapItem[] {
  return lrpLgmOverlapWarnings(coverages, policies).map((w) => ({
    key: `${w.kind}-${w.lrpId}-${w.lgmId}-${w.month}`,
    kind: w.kind,
    message: w.message,
    lrpHref: `/agent/coverages/lrp/${encodeURIComponent(w.lrpId)}`,
    lgmHref: `/agent/coverages/lgm/${encodeURIComponent(w.lgmId)}`,
  }));
}
