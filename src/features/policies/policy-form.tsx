import { INSURANCE_PLAN_LABELS, INSURANCE_PLANS, type InsurancePlan } from "../../../shared/catalogue";
import {
  countyOptions,
  type FieldIssues,
  type FormPresence,
  NO_PRESENCE,
  type Option,
  ProviderSelect,
  SelectInput,
  STATE_OPTIONS,
  TextInput,
} from "../../components/book-forms";
import type { PolicyDraft } from "./policy-draft";

export interface PolicyFormProps {
  draft: PolicyDraft;
  onChange(next: PolicyDraft): void;
  /** A new plan: the page decides the provider (withPlan). */
  onPlan(plan: InsurancePlan): void;
  /** The entity choices (active entities of the customer). */
  entities: readonly Option[];
  issues: FieldIssues;
  /** Why the plan cannot change (e.g. the policy has coverages); undefined: it can. */
  planLocked?: string;
  presence?: FormPresence;
}

const PLAN_OPTIONS = INSURANCE_PLANS.map((p) => ({ value: p, label: INSURANCE_PLAN_LABELS[p] }));

/** Entity, plan, provider, policy number, crop and reinsurance year, state and county. */
export function PolicyForm({
  draft,
  onChange,
  onPlan,
  entities,
  issues,
  planLocked,
  presence = NO_PRESENCE,
}: PolicyFormProps) {
  const bound = <K extends keyof PolicyDraft & string>(key: K) => ({
    path: key,
    issues,
    presence,
    value: draft[key],
    onChange: (value: string) => onChange({ ...draft, [key]: value }),
  });
  const counties = countyOptions(draft.state);
  return (
    <>
      <SelectInput
        label="Entity"
        required
        {...bound("entityId")}
        hint="The person or business the policy insures (active entities of the customer)."
        options={entities}
        placeholder={entities.length ? "Choose an entity" : "No active entity: create one first"}
      />
      <div className="book-form__row">
        <SelectInput
          label="Plan"
          required
          {...bound("plan")}
          hint={planLocked}
          disabled={planLocked !== undefined}
          onChange={(plan) => onPlan(plan as InsurancePlan)}
          options={PLAN_OPTIONS}
        />
        <ProviderSelect
          plan={draft.plan}
          value={draft.providerId}
          onChange={(id) => onChange({ ...draft, providerId: id })}
          issues={issues}
          presence={presence}
        />
      </div>
      <TextInput
        label="Policy number"
        {...bound("policyNumber")}
        hint="Assigned by the insurance provider. Leave it empty while the policy is pending."
      />
      <div className="book-form__row">
        <TextInput
          label="Crop year"
          required
          {...bound("cropYear")}
          inputMode="numeric"
          hint="July 1 to June 30, named by the year it ends in: a sale in November 2026 is crop year 2027."
        />
        <TextInput
          label="Reinsurance year"
          required
          {...bound("reinsuranceYear")}
          inputMode="numeric"
          hint="RMA's year from July 1 to June 30, named by the year it ends in."
        />
      </div>
      <div className="book-form__row">
        <SelectInput
          label="State"
          required
          {...bound("state")}
          onChange={(state) => {
            const keep = countyOptions(state).some((c) => c.value === draft.county);
            onChange({ ...draft, state, county: keep ? draft.county : "" });
          }}
          options={STATE_OPTIONS}
          placeholder="Choose a state"
        />
        <SelectInput
          label="County"
          required
          {...bound("county")}
          disabled={counties.length === 0}
          options={counties}
          placeholder={draft.state ? "Choose a county" : "Choose a state first"}
        />
      </div>
    </>
  );
}
