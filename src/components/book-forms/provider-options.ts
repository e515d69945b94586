import type { AipSettings } from "../../../shared/admin/aip";
import { orgProviderIds } from "../../../shared/admin/aip-providers";
import {
  INSURANCE_PROVIDER_NAME_BY_ID,
  INSURANCE_PROVIDERS,
  type InsurancePlan,
  type InsuranceProviderId,
  providerSupportsPlan,
} from "../../../shared/catalogue";

// The insurance providers a policy of a plan can be written with (spec §3 catalogue: active and
// supporting the plan; with the organisation's AIP settings, only its providers — docs/administration.md). The
// default among them is orgDefaultProviderId (shared/admin/aip-providers.ts: spec §9's helper).

export const providerOptions = (
  plan: InsurancePlan,
  aip: AipSettings | null = null,
): { value: InsuranceProviderId; label: string }[] =>
  aip
    ? orgProviderIds(aip, plan).map((id) => ({ value: id, label: INSURANCE_PROVIDER_NAME_BY_ID[id] }))
    : INSURANCE_PROVIDERS.filter((p) => p.isActive && providerSupportsPlan(p, plan)).map((p) => ({
        value: p.id,
        label: p.name,
      }));
