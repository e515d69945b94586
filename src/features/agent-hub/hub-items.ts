import Decimal from "decimal.js";
import { claimsToFileSoon, endingWithin, premiumsComingDue } from "../../../shared/book/dates";
import { IN_FORCE_COVERAGE_STATUSES } from "../../../shared/book/summaries";
import type { CoverageSummary, CustomerSummary, PolicySummary } from "../../../shared/documents/book";
import {
  commodityLabel,
  coverageHref,
  customerHref,
  PLAN_SHORT_LABELS,
  typeLabel,
} from "../../components/book/record-labels";

// What needs the agent today, from the book's summaries (the organisation document, on the device):
// coverages ending in the next 30 days, LRP claims whose filing deadline is open, premiums falling due
// in the next 30 days, and the book's counts. The date rules are shared/book/dates.ts.

export interface HubItem {
  id: string;
  /** The coverage's page. */
  href: string;
  customer: string;
  customerHref: string;
  title: string;
  head: number;
  /** The date that puts it on the list (end date, claim deadline, premium due date). */
  date: string;
  daysLeft: number;
  /** Exact decimal text. */
  producerPremium: string;
}

export interface Hub {
  counts: {
    customers: number;
    activePolicies: number;
    coveragesInForce: number;
    headCovered: number;
  };
  ending: HubItem[];
  claims: HubItem[];
  premiums: HubItem[];
  /** Total producer premium of `premiums`, exact decimal text. */
  premiumsTotal: string;
}

export const ENDING_DAYS = 30;
export const PREMIUM_DAYS = 30;

export function buildHub(
  customers: readonly CustomerSummary[],
  policies: readonly PolicySummary[],
  coverages: readonly CoverageSummary[],
  customerNames: ReadonlyMap<string, string>,
  today: string,
): Hub {
  const item = ({
    coverage: c,
    date,
    daysLeft,
  }: {
    coverage: CoverageSummary;
    date: string;
    daysLeft: number;
  }) => ({
    id: c.id,
    href: coverageHref(c.plan, c.id),
    customer: customerNames.get(c.customerId) ?? c.customerId,
    customerHref: customerHref(c.customerId),
    title: `${PLAN_SHORT_LABELS[c.plan]} ${commodityLabel(c.plan, c.commodity)} · ${typeLabel(c.plan, c.commodity, c.type)}`,
    head: c.head,
    date,
    daysLeft,
    producerPremium: c.producerPremium,
  });
  const inForce = coverages.filter((c) => IN_FORCE_COVERAGE_STATUSES.has(c.status));
  const premiums = premiumsComingDue(coverages, today, PREMIUM_DAYS).map(item);
  return {
    counts: {
      customers: customers.filter((c) => (c.status ?? "active") === "active").length,
      activePolicies: policies.filter((p) => p.status === "active").length,
      coveragesInForce: inForce.length,
      headCovered: inForce.reduce((sum, c) => sum + c.head, 0),
    },
    ending: endingWithin(coverages, today, ENDING_DAYS).map(item),
    claims: claimsToFileSoon(coverages, today).map(item),
    premiums,
    premiumsTotal: premiums.reduce((sum, p) => sum.plus(p.producerPremium), new Decimal(0)).toFixed(),
  };
}

/** "today", "tomorrow", "in 12 days". */
export const inDays = (days: number): string =>
  days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`;
