import { STATUS_LABELS } from "../../../shared/book/status";
import { INSURANCE_PROVIDER_NAME_BY_ID, type InsuranceProviderId } from "../../../shared/catalogue";
import type { PolicySummary } from "../../../shared/documents/book";

// The policy list's rows, from the organisation's summaries, and its filters. Pure: the page memoises.

export interface PolicyRow {
  id: string;
  customerId: string;
  customer: string;
  entityId: string;
  entity: string;
  policyNumber: string;
  plan: "lrp" | "lgm";
  planLabel: string;
  providerId: string;
  provider: string;
  cropYear: number;
  state: string;
  status: string;
  statusLabel: string;
  href: string;
}

export const PLAN_SHORT_LABELS: Readonly<Record<"lrp" | "lgm", string>> = { lrp: "LRP", lgm: "LGM" };

export const providerName = (id: string): string =>
  Object.hasOwn(INSURANCE_PROVIDER_NAME_BY_ID, id)
    ? INSURANCE_PROVIDER_NAME_BY_ID[id as InsuranceProviderId]
    : id;

export const policyHref = (id: string): string => `/agent/policies/${encodeURIComponent(id)}`;

export function policyRows(
  policies: readonly PolicySummary[],
  customerNames: ReadonlyMap<string, string>,
  entityNames: ReadonlyMap<string, string>,
): PolicyRow[] {
  return policies.map((p) => ({
    id: p.id,
    customerId: p.customerId,
    customer: customerNames.get(p.customerId) ?? p.customerId,
    entityId: p.entityId,
    entity: entityNames.get(p.entityId) ?? p.entityId,
    policyNumber: p.policyNumber ?? "",
    plan: p.plan,
    planLabel: PLAN_SHORT_LABELS[p.plan],
    providerId: p.providerId,
    provider: providerName(p.providerId),
    cropYear: p.cropYear,
    state: p.state,
    status: p.status,
    statusLabel: STATUS_LABELS[p.status] ?? p.status,
    href: policyHref(p.id),
  }));
}

export interface PolicyFilter {
  /** "" for any. */
  plan: string;
  status: string;
  cropYear: string;
  provider: string;
}

export function filterPolicyRows(rows: readonly PolicyRow[], filter: PolicyFilter): readonly PolicyRow[] {
  const { plan, status, cropYear, provider } = filter;
  if (!plan && !status && !cropYear && !provider) return rows;
  return rows.filter(
    (r) =>
      (!plan || r.plan === plan) &&
      (!status || r.status === status) &&
      (!cropYear || String(r.cropYear) === cropYear) &&
      (!provider || r.providerId === provider),
  );
}
