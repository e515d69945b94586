import type { InsurancePlan, InsuranceProviderId } from "../../../shared/catalogue";
import { useOrgAip } from "../org-providers/use-org-aip";
import type { FormPresence } from "./form-presence";
import { SelectInput } from "./inputs";
import { providerOptions } from "./provider-options";
import type { FieldIssues } from "./zod-issues";

export interface ProviderSelectProps {
  plan: InsurancePlan;
  value: string;
  onChange(next: InsuranceProviderId): void;
  issues?: FieldIssues;
  path?: string;
  presence?: FormPresence;
  disabled?: boolean;
}

/** The insurance providers of the spec's catalogue that write the plan. */
export function ProviderSelect({
  plan,
  value,
  onChange,
  issues,
  path = "providerId",
  presence,
  disabled,
}: ProviderSelectProps) {
  // Only the organisation's providers when its AIP settings name them (docs/administration.md).
  const aip = useOrgAip();
  const options = providerOptions(plan, aip);
  return (
    <SelectInput
      label="Insurance provider"
      path={path}
      required
      issues={issues}
      presence={presence}
      disabled={disabled}
      value={value}
      onChange={(id) => {
        const picked = options.find((o) => o.value === id);
        if (picked) onChange(picked.value);
      }}
      options={options}
      // A provider the organisation no longer offers (or none yet) shows as a choice to make.
      placeholder={options.some((o) => o.value === value) ? undefined : "Choose a provider"}
    />
  );
}
