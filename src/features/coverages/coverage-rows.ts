import { STATUS_LABELS } from "../../../shared/book/status";
import type { CoverageStatus } from "../../../shared/book/statuses";
import { LGM_TYPES } from "../../../shared/catalogue/lgm-types";
import {
  LGM_COMMODITY_LABEL_BY_CODE,
  LRP_COMMODITY_LABEL_BY_CODE,
} from "../../../shared/catalogue/livestock";
import { LRP_TYPES } from "../../../shared/catalogue/lrp-types";
import { INSURANCE_PROVIDER_NAME_BY_ID, type InsuranceProviderId } from "../../../shared/catalogue/providers";
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
 * A row of the list. Its labels, its days left and its link are worked out when first read, not when
 * the row is made: a page load makes 5,000 rows and its first frame reads 20 of them (the sort reads
 * one field of each), so the labels of the rest wait until a search, a sort by them or an export asks.
 */
class ListedCoverage implements CoverageRow {
  readonly id: string;
  readonly customerId: string;
  readonly plan: "lrp" | "lgm";
  readonly salesDate: string;
  readonly endDate: string;
  readonly head: number;
  readonly producerPremium: string;
  readonly providerId: string;
  readonly cropYear: number;
  readonly status: CoverageStatus;
  readonly #item: CoverageListItem;
  readonly #names: ReadonlyMap<string, string>;
  readonly #today: string;

  constructor(item: CoverageListItem, names: ReadonlyMap<string, string>, today: string) {
    this.id = item.id;
    this.customerId = item.customerId;
    this.plan = item.plan;
    this.salesDate = item.salesDate;
    this.endDate = item.endDate;
    this.head = item.head;
    this.producerPremium = item.producerPremium;
    this.providerId = item.providerId ?? "";
    this.cropYear = item.cropYear;
    this.status = item.status;
    this.#item = item;
    this.#names = names;
    this.#today = today;
  }
  get customer(): string {
    return this.#names.get(this.customerId) ?? this.customerId;
  }
  get planLabel(): string {
    return PLAN_LABELS[this.plan];
  }
  get commodity(): string {
    return commodityLabel(this.plan, this.#item.commodity);
  }
  get type(): string {
    return typeLabel(this.plan, this.#item.commodity, this.#item.type);
  }
  get daysLeft(): number {
    return daysBetween(this.#today, this.endDate);
  }
  get provider(): string {
    return providerName(this.#item.providerId);
  }
  get statusLabel(): string {
    return STATUS_LABELS[this.status] ?? this.status;
  }
  get href(): string {
    return coverageHref(this.plan, this.id);
  }
}

/**
 * The list's rows: one per coverage summary (or per coverage of the device's compact copy of the list,
 * which holds the summaries' listed fields), with the customer's name and every label (ListedCoverage).
 */
export const coverageRows = (
  coverages: readonly CoverageListItem[],
  customerNames: ReadonlyMap<string, string>,
  today: string,
): CoverageRow[] => coverages.map((c) => new ListedCoverage(c, customerNames, today));

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
