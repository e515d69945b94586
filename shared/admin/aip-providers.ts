import type { InsurancePlan } from "../catalogue/plans";
import {
  DEFAULT_PROVIDER_BY_PLAN,
  INSURANCE_PROVIDER_ID_BY_NAME,
  INSURANCE_PROVIDERS,
  type InsuranceProviderId,
  providerNameForPlan,
  providerSupportsPlan,
} from "../catalogue/providers";

// Choosing among an organisation's insurance providers (docs/administration.md), from its AIP settings as parsed by
// aipSettingsSchema (aip.ts). No zod here: the quote screens import this module.

/** What these helpers read of the AIP settings (aip.ts AipSettings). */
export interface AipProviderChoice {
  providers: Partial<Record<InsuranceProviderId, { plans: readonly ("lrp" | "lgm")[] }>>;
  primary: InsuranceProviderId | null;
}

/** The active providers of the catalogue for a plan. */
const catalogueIds = (plan: InsurancePlan): InsuranceProviderId[] =>
  INSURANCE_PROVIDERS.filter((p) => p.isActive && providerSupportsPlan(p, plan)).map((p) => p.id);

/** The providers the organisation chose for a plan (none: it offers the whole catalogue). */
const chosenIds = (aip: AipProviderChoice | null, plan: InsurancePlan): InsuranceProviderId[] =>
  aip ? catalogueIds(plan).filter((id) => aip.providers[id]?.plans.includes(plan)) : [];

/** The organisation's primary provider when it is one of those it chose for the plan. */
const primaryFor = (aip: AipProviderChoice | null, plan: InsurancePlan): InsuranceProviderId | null =>
  aip?.primary && chosenIds(aip, plan).includes(aip.primary) ? aip.primary : null;

/** The providers an organisation offers for a plan: its chosen ones (primary first), else the catalogue's. */
export function orgProviderIds(aip: AipProviderChoice | null, plan: InsurancePlan): InsuranceProviderId[] {
  const chosen = chosenIds(aip, plan);
  if (chosen.length === 0) return catalogueIds(plan);
  const primary = primaryFor(aip, plan);
  return primary ? [primary, ...chosen.filter((id) => id !== primary)] : chosen;
}

/**
 * The default provider of a plan for the organisation: the spec's helper (§9) over the preferred
 * provider, then the org's primary (only when it is among the providers the org chose for the plan: a
 * primary left over from providers since cleared does not count); when that gives a provider the org
 * does not offer, its first one.
 */
export function orgDefaultProviderId(
  aip: AipProviderChoice | null,
  plan: InsurancePlan,
  preferred?: string,
): InsuranceProviderId {
  const offered = orgProviderIds(aip, plan);
  const selected = [preferred, primaryFor(aip, plan)].filter(
    (x): x is string => typeof x === "string" && offered.includes(x as InsuranceProviderId),
  );
  const id = INSURANCE_PROVIDER_ID_BY_NAME[providerNameForPlan(selected, plan)] as InsuranceProviderId;
  return offered.includes(id) ? id : (offered[0] ?? DEFAULT_PROVIDER_BY_PLAN[plan]);
}
