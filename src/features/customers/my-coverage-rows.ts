import { daysToEndDate, premiumDueDate } from "../../../shared/book/dates";
import { estimateIndemnity, type IndemnityEstimate } from "../../../shared/book/estimate";
import type { Coverage, Policy, StoredEntity } from "../../../shared/documents/book";
import type { MarketSnapshot } from "../../../shared/market/snapshot";
import {
  commodityLabel,
  PLAN_SHORT_LABELS,
  providerName,
  statusLabel,
  typeLabel,
} from "../../components/book/record-labels";

// What My coverages shows of each of the producer's coverages: status, days to the end date, the
// premium and when it falls due (shared/book/dates.ts), and today's estimated indemnity from the latest
// market snapshot (shared/book/estimate.ts), always called an estimate. No tax ids, no internal notes.

/** Statuses whose premium is owed (bought and after); before that a premium is only quoted. */
const BOUGHT = new Set(["accepted", "ended", "claimed", "paid"]);

export interface MyCoverageRow {
  id: string;
  title: string;
  status: string;
  statusLabel: string;
  insured: string;
  provider: string;
  endDate: string;
  /** Days from today to the end date (negative once passed). */
  daysToEnd: number;
  /** "head" of LRP, total target marketings of LGM. */
  head: number;
  headLabel: string;
  producerPremium: string;
  /** Null while the coverage is not bought (quoted, submitted) or when cancelled. */
  premiumDue: string | null;
  estimate: IndemnityEstimate | null;
}

export function myCoverageRows(
  coverages: Record<string, Coverage>,
  policies: Record<string, Policy>,
  entities: Record<string, StoredEntity>,
  today: string,
  snapshot: MarketSnapshot | null,
): MyCoverageRow[] {
  return Object.values(coverages)
    .map((c) => {
      const policy = policies[c.policyId];
      const head = c.plan === "lrp" ? c.head : c.targetMarketings.reduce((s, n) => s + n, 0);
      return {
        id: c.id,
        title: `${PLAN_SHORT_LABELS[c.plan]} ${commodityLabel(c.plan, c.commodity)} · ${typeLabel(c.plan, c.commodity, c.type)}`,
        status: c.status,
        statusLabel: statusLabel(c.status),
        insured: policy ? (entities[policy.entityId]?.legalName ?? "") : "",
        provider: policy ? providerName(policy.providerId) : "",
        endDate: c.endDate,
        daysToEnd: daysToEndDate(c, today),
        head,
        headLabel: c.plan === "lrp" ? "head" : "head marketed",
        producerPremium: c.producerPremium,
        premiumDue: BOUGHT.has(c.status) ? premiumDueDate(c) : null,
        estimate: snapshot ? estimateIndemnity(c, snapshot) : null,
      };
    })
    .sort((a, b) => {
      // Coverages still running first (soonest end first), then the rest, most recent end first.
      const aLive = a.daysToEnd >= 0 && a.status !== "cancelled";
      const bLive = b.daysToEnd >= 0 && b.status !== "cancelled";
      if (aLive !== bLive) return aLive ? -1 : 1;
      return aLive ? a.endDate.localeCompare(b.endDate) : b.endDate.localeCompare(a.endDate);
    });
}

/** "ends in 12 days", "ends today", "ended 3 days ago". */
export function endsIn(days: number): string {
  if (days === 0) return "ends today";
  if (days === 1) return "ends tomorrow";
  if (days > 0) return `ends in ${days} days`;
  return days === -1 ? "ended yesterday" : `ended ${-days} days ago`;
}
