import type { InsurancePlan } from "../catalogue/plans";
import {
  DEFAULT_PROVIDER_BY_PLAN,
  INSURANCE_PROVIDER_ID_BY_NAME,
  INSURANCE_PROVIDERS,
  type InsuranceProviderId,
  providerNameForPlan,
  providerSupportsPlan,
} from "../catalogue/providers";

// Choosing among an organisation's insurance providers (issue 13 §2), from its AIP settings as parsed by
// aipSettingsSchema (aip.ts). No zod here: the quote screens import this module.

/** What these helpers read of the AIP settings (aip.ts AipSettings). */
export interface AipProviderChoice {
  providers: Partial<Record<InsuranceProviderId, { plans: readonly ("lrp" | "lgm")[] }>>;
  primary: InsuranceProviderId | null;
}

/** The providers an organisation offers for a plan: its chosen ones (primary first), else the catalogue's. */
export function orgProviderIds(aip: AipProviderChoice | null, plan: InsurancePlan): InsuranceProviderId[] {
  const all = INSURANCE_PROVIDERS.filter((p) => p.isActive && providerSupportsPlan(p, plan)).map((p) => p.id);
  if (!aip) return all;
  const chosen = all.filter((id) => aip.providers[id]?.plans.includes(plan));
  if (chosen.length === 0) return all;
  return aip.primary && chosen.includes(aip.primary)
    ? [aip.primary, ...chosen.filter((id) => id !== aip.primary)]
    : chosen;
}

/**
 * The default provider of a plan for the organisation: the spec's helper (§9) over the preferred
 * provider, then the org's primary; when that gives a provider the org does not offer, its first one.
 */
export function orgDefaultProviderId(
  aip: AipProviderChoice | null,
  plan: InsurancePlan,
  preferred?: string,
): InsuranceProviderId {
  const offered = orgProviderIds(aip, plan);
  const selected = [preferred, aip?.primary].filter(
    (x): x is string => typeof x === "string" && offered.includes(x as InsuranceProviderId),
  );
  const id = INSURANCE_PROVIDER_ID_BY_NAME[providerNameForPlan(selected, plan)] as InsuranceProviderId;
  return offered.includes(id) ? id : (offered[0] ?? DEFAULT_PROVIDER_BY_PLAN[plan]);
}
