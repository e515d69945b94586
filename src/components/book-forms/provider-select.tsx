import type { InsurancePlan, InsuranceProviderId } from "../../../shared/catalogue";
import { useOrgAip } from "../org-providers/use-org-aip";
import { Field } from "./field";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { providerOptions } from "./provider-options";
import { type FieldIssues, NO_ISSUES } from "./zod-issues";

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
  issues = NO_ISSUES,
  path = "providerId",
  presence = NO_PRESENCE,
  disabled,
}: ProviderSelectProps) {
  // Only the organisation's providers when its AIP settings name them (issue 13 §2).
  const aip = useOrgAip();
  const options = providerOptions(plan, aip);
  return (
    <Field label="Insurance provider" path={path} issues={issues} editors={presence.editorsAt(path)}>
      <select
        className="book-input"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const picked = options.find((o) => o.value === e.target.value);
          if (picked) onChange(picked.value);
        }}
        onFocus={() => presence.focus(path)}
        onBlur={() => presence.focus(null)}
      >
        {options.some((o) => o.value === value) ? null : <option value={value}>Choose a provider</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
