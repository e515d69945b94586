import { STATUS_LABELS } from "../../../shared/book/status";
import {
  ENTITY_TYPE_LABEL_BY_CODE,
  INSURANCE_PROVIDER_NAME_BY_ID,
  type InsuranceProviderId,
} from "../../../shared/catalogue";
import { LGM_TYPES } from "../../../shared/catalogue/lgm-types";
import {
  LGM_COMMODITY_LABEL_BY_CODE,
  LRP_COMMODITY_LABEL_BY_CODE,
} from "../../../shared/catalogue/livestock";
import { LRP_TYPES } from "../../../shared/catalogue/lrp-types";

// Words and addresses for the book's records, shared by the screens that show them (the customer
// record, the agent hub, My coverages): labels from the spec's catalogues, the record pages' paths.

export type Plan = "lrp" | "lgm";

export const PLAN_SHORT_LABELS: Readonly<Record<Plan, string>> = { lrp: "LRP", lgm: "LGM" };

const typeLabels = new Map<string, string>([
  ...LRP_TYPES.map((t) => [`lrp.${t.commodityCode}.${t.code}`, t.label] as const),
  ...LGM_TYPES.map((t) => [`lgm.${t.commodityCode}.${t.code}`, t.label] as const),
]);

/** "Feeder Cattle" for LRP 0801, "Cattle" for LGM 0803; the code when unknown. */
export function commodityLabel(plan: Plan, code: string): string {
  const labels: Readonly<Record<string, string>> =
    plan === "lrp" ? LRP_COMMODITY_LABEL_BY_CODE : LGM_COMMODITY_LABEL_BY_CODE;
  return labels[code] ?? code;
}

/** The type's label of the plan's catalogue ("Steers Weight 1"); the code when unknown. */
export const typeLabel = (plan: Plan, commodity: string, type: string): string =>
  typeLabels.get(`${plan}.${commodity}.${type}`) ?? type;

export const providerName = (id: string | undefined): string =>
  id ? (INSURANCE_PROVIDER_NAME_BY_ID[id as InsuranceProviderId] ?? id) : "";

export const entityTypeLabel = (code: string): string =>
  (ENTITY_TYPE_LABEL_BY_CODE as Readonly<Record<string, string>>)[code] ?? code;

export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

export const customerHref = (customerId: string): string =>
  `/agent/customers?customer=${encodeURIComponent(customerId)}`;
export const entityHref = (id: string): string => `/agent/entities/${encodeURIComponent(id)}`;
export const policyHref = (id: string): string => `/agent/policies/${encodeURIComponent(id)}`;
export const coverageHref = (plan: Plan, id: string): string =>
  `/agent/coverages/${plan}/${encodeURIComponent(id)}`;
