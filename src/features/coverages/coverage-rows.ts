import { STATUS_LABELS } from "../../../shared/book/status";
import { INSURANCE_PROVIDER_NAME_BY_ID, type InsuranceProviderId } from "../../../shared/catalogue";
import { LGM_TYPES } from "../../../shared/catalogue/lgm-types";
import {
  LGM_COMMODITY_LABEL_BY_CODE,
  LRP_COMMODITY_LABEL_BY_CODE,
} from "../../../shared/catalogue/livestock";
import { LRP_TYPES } from "../../../shared/catalogue/lrp-types";
import type { CoverageStatus } from "../../../shared/documents/book";
import { daysBetween } from "../../../shared/market/dates";
import type { CoverageListItem } from "../../components/book/coverage-list-copy";
import { formatDollars } from "../../lib/format";

// The coverage list's rows, derived once from the organisation's summaries (the list re-derives only
// when the book or the day changes), and its filters. Pure: the page memoises them, so a book of
// 5,000 coverages filters without any per-row work beyond comparing a few fields.

export interface CoverageRow {
  id: string;
  customerId: string;
  customer: string;
  plan: "lrp" | "lgm";
  planLabel: string;
  commodity: string;
  type: string;
  salesDate: string;
  endDate: string;
  /** Days from today to the end date (negative once it has passed). */
  daysLeft: number;
  head: number;
  /** Exact decimal text, as stored. */
  producerPremium: string;
  providerId: string;
  provider: string;
  cropYear: number;
  status: CoverageStatus;
  statusLabel: string;
  /** The record's page. */
  href: string;
}

const typeLabels = new Map<string, string>([
  ...LRP_TYPES.map((t) => [`lrp.${t.commodityCode}.${t.code}`, t.label] as const),
  ...LGM_TYPES.map((t) => [`lgm.${t.commodityCode}.${t.code}`, t.label] as const),
]);

export const PLAN_LABELS: Readonly<Record<"lrp" | "lgm", string>> = { lrp: "LRP", lgm: "LGM" };

export function commodityLabel(plan: "lrp" | "lgm", code: string): string {
  const labels: Readonly<Record<string, string>> =
    plan === "lrp" ? LRP_COMMODITY_LABEL_BY_CODE : LGM_COMMODITY_LABEL_BY_CODE;
  return labels[code] ?? code;
}

export const typeLabel = (plan: "lrp" | "lgm", commodity: string, type: string): string =>
  typeLabels.get(`${plan}.${commodity}.${type}`) ?? type;

export const providerName = (id: string | undefined): string =>
  id ? (INSURANCE_PROVIDER_NAME_BY_ID[id as InsuranceProviderId] ?? id) : "";

export const coverageHref = (plan: "lrp" | "lgm", id: string): string =>
  `/agent/coverages/${plan}/${encodeURIComponent(id)}`;

/**
 * The list's rows: one per coverage summary (or per coverage of the device's compact copy of the list,
 * which holds the summaries' listed fields), with the customer's name and every label resolved.
 */
export function coverageRows(
  coverages: readonly CoverageListItem[],
  customerNames: ReadonlyMap<string, string>,
  today: string,
): CoverageRow[] {
  return coverages.map((c) => ({
    id: c.id,
    customerId: c.customerId,
    customer: customerNames.get(c.customerId) ?? c.customerId,
    plan: c.plan,
    planLabel: PLAN_LABELS[c.plan],
    commodity: commodityLabel(c.plan, c.commodity),
    type: typeLabel(c.plan, c.commodity, c.type),
    salesDate: c.salesDate,
    endDate: c.endDate,
    daysLeft: daysBetween(today, c.endDate),
    head: c.head,
    producerPremium: c.producerPremium,
    providerId: c.providerId ?? "",
    provider: providerName(c.providerId),
    cropYear: c.cropYear,
    status: c.status,
    statusLabel: STATUS_LABELS[c.status] ?? c.status,
    href: coverageHref(c.plan, c.id),
  }));
}

export interface CoverageFilter {
  /** "" for any. */
  plan: string;
  status: string;
  cropYear: string;
  provider: string;
  /** Only coverages the rule of shared/book/dates.ts calls ending soon. */
  endingSoon: boolean;
}

export const NO_FILTER: CoverageFilter = {
  plan: "",
  status: "",
  cropYear: "",
  provider: "",
  endingSoon: false,
};

export function filterCoverageRows(
  rows: readonly CoverageRow[],
  filter: CoverageFilter,
  isEndingSoon: (row: CoverageRow) => boolean,
): readonly CoverageRow[] {
  const { plan, status, cropYear, provider, endingSoon } = filter;
  if (!plan && !status && !cropYear && !provider && !endingSoon) return rows;
  const year = cropYear ? Number(cropYear) : null;
  return rows.filter(
    (r) =>
      (!plan || r.plan === plan) &&
      (!status || r.status === status) &&
      (year === null || r.cropYear === year) &&
      (!provider || r.providerId === provider) &&
      (!endingSoon || isEndingSoon(r)),
  );
}

/**
 * A premium as the quote screens show it: whole dollars ("$5,658") when it is whole, as RMA's are,
 * else with cents ("$5,658.25").
 */
export const formatPremium = (amount: string): string =>
  /^-?\d+(\.0*)?$/.test(amount) ? formatDollars(amount) : formatDollars(amount, { cents: true });
