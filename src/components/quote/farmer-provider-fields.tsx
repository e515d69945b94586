import { FARMER_CLASSIFICATIONS, type InsurancePlan } from "../../../shared/catalogue/plans";
import { INSURANCE_PROVIDERS } from "../../../shared/catalogue/providers";
import { offeredProvider } from "../org-providers/quote-offer";
import { useQuoteProviders } from "../org-providers/use-quote-providers";
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
  // PROV1: only the agency's providers when its AIP settings name them (docs/administration.md) — for
  // its agents and for its producers alike.
  const offer = useQuoteProviders(plan);
  const providers = offer.providers.flatMap((id) =>
    INSURANCE_PROVIDERS.filter((p) => p.id === id && p.plans.includes(plan)),
  );
  const provider = offeredProvider({ ...offer, providers: providers.map((p) => p.id) }, values.provider);
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
