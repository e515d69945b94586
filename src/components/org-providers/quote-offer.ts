import {
  type AipProviderChoice,
  orgDefaultProviderId,
  orgProviderIds,
} from "../../../shared/admin/aip-providers";
import type { InsurancePlan } from "../../../shared/catalogue/plans";
import type { InsuranceProviderId } from "../../../shared/catalogue/providers";

// PROV1 (issue 47 §1): the insurance providers a quote form offers for a plan. Staff read their
// organisation's AIP settings from its document; a producer cannot read that document, so the agency's
// public answer (GET /api/applications/agency/{orgId}: the same rule on the server) stands for it — for a
// signed-in producer their own organisation, for a signed-out one the agency whose link they followed.
// With neither, the whole catalogue.

export interface ProviderOffer {
  providers: InsuranceProviderId[];
  default: InsuranceProviderId;
}

/** What the agency endpoint says of a plan (use-agency.ts KnownAgency). */
interface AgencyProviders {
  providers: Record<InsurancePlan, InsuranceProviderId[]>;
  defaults: Record<InsurancePlan, InsuranceProviderId>;
}

export function quoteProviderOffer(
  plan: InsurancePlan,
  from: { aip: AipProviderChoice | null; agency: AgencyProviders | null },
): ProviderOffer {
  const agency = from.agency;
  if (agency && agency.providers[plan].length > 0) {
    const providers = agency.providers[plan];
    const fallback = providers[0] as InsuranceProviderId;
    return {
      providers,
      default: providers.includes(agency.defaults[plan]) ? agency.defaults[plan] : fallback,
    };
  }
  return { providers: orgProviderIds(from.aip, plan), default: orgDefaultProviderId(from.aip, plan) };
}

/** The provider a form shows: the one chosen when the offer has it, else the offer's default. */
export const offeredProvider = (offer: ProviderOffer, chosen: string): InsuranceProviderId =>
  offer.providers.find((id) => id === chosen) ?? offer.default;
