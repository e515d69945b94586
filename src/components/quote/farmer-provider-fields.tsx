import { orgDefaultProviderId, orgProviderIds } from "../../../shared/admin/aip-providers";
import { FARMER_CLASSIFICATIONS, type InsurancePlan } from "../../../shared/catalogue/plans";
import { INSURANCE_PROVIDERS } from "../../../shared/catalogue/providers";
import { useOrgAip } from "../org-providers/use-org-aip";
import { SelectField, TextField } from "./field";

// The part of every quote form that is the same for LRP and LGM: farmer classification (with the year
// of farming a beginning farmer/rancher's extra subsidy depends on) and the insurance provider, whose
// default is the plan's (spec §9).

export interface FarmerProviderValues {
  farmer: string;
  year: string;
  provider: string;
}

interface FarmerProviderFieldsProps {
  plan: InsurancePlan;
  values: FarmerProviderValues;
  errors: { farmer?: string; year?: string };
  onChange(patch: Partial<FarmerProviderValues>): void;
  providerHint?: string;
}

export function FarmerProviderFields({
  plan,
  values,
  errors,
  onChange,
  providerHint,
}: FarmerProviderFieldsProps) {
  // Only the organisation's providers when its AIP settings name them (docs/administration.md).
  const aip = useOrgAip();
  const offered = orgProviderIds(aip, plan);
  const providers = offered.flatMap((id) =>
    INSURANCE_PROVIDERS.filter((p) => p.id === id && p.plans.includes(plan)),
  );
  const provider = providers.some((p) => p.id === values.provider)
    ? values.provider
    : orgDefaultProviderId(aip, plan);
  return (
    <>
      <SelectField
        label="Farmer classification"
        name="farmer"
        value={values.farmer}
        error={errors.farmer}
        options={FARMER_CLASSIFICATIONS.map((f) => ({ value: f, label: f }))}
        onChange={(farmer) => onChange({ farmer })}
      />
      {values.farmer === "Beginning Farmer/Rancher" ? (
        <TextField
          label="Year of farming"
          name="year"
          inputMode="numeric"
          value={values.year}
          error={errors.year}
          hint="1 to 10; sets the extra subsidy from crop year 2027"
          onChange={(year) => onChange({ year })}
        />
      ) : null}
      <SelectField
        label="Insurance provider"
        name="provider"
        value={provider}
        options={providers.map((p) => ({ value: p.id, label: p.name }))}
        hint={providerHint}
        onChange={(provider) => onChange({ provider })}
      />
    </>
  );
}
