import { INSURANCE_PLAN_LABELS, INSURANCE_PLANS, type InsurancePlan } from "../../../shared/catalogue";
import {
  countyOptions,
  Field,
  type FieldIssues,
  type FormPresence,
  NO_PRESENCE,
  type Option,
  ProviderSelect,
  STATE_OPTIONS,
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
  const focus = (path: string) => ({
    onFocus: () => presence.focus(path),
    onBlur: () => presence.focus(null),
  });
  const set = <K extends keyof PolicyDraft>(key: K, value: PolicyDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const counties = countyOptions(draft.state);
  return (
    <>
      <Field
        label="Entity"
        path="entityId"
        issues={issues}
        hint="The person or business the policy insures (active entities of the customer)."
        editors={presence.editorsAt("entityId")}
      >
        <select
          className="book-input"
          value={draft.entityId}
          onChange={(e) => set("entityId", e.target.value)}
          {...focus("entityId")}
        >
          <option value="">
            {entities.length ? "Choose an entity" : "No active entity: create one first"}
          </option>
          {entities.map((e) => (
            <option key={e.value} value={e.value}>
              {e.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="book-form__row">
        <Field
          label="Plan"
          path="plan"
          issues={issues}
          hint={planLocked}
          editors={presence.editorsAt("plan")}
        >
          <select
            className="book-input"
            value={draft.plan}
            disabled={planLocked !== undefined}
            onChange={(e) => onPlan(e.target.value as InsurancePlan)}
            {...focus("plan")}
          >
            {INSURANCE_PLANS.map((p) => (
              <option key={p} value={p}>
                {INSURANCE_PLAN_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
        <ProviderSelect
          plan={draft.plan}
          value={draft.providerId}
          onChange={(id) => set("providerId", id)}
          issues={issues}
          presence={presence}
        />
      </div>
      <Field
        label="Policy number"
        path="policyNumber"
        issues={issues}
        hint="Assigned by the insurance provider. Leave it empty while the policy is pending."
        editors={presence.editorsAt("policyNumber")}
      >
        <input
          className="book-input"
          value={draft.policyNumber}
          autoComplete="off"
          onChange={(e) => set("policyNumber", e.target.value)}
          {...focus("policyNumber")}
        />
      </Field>
      <div className="book-form__row">
        <Field
          label="Crop year"
          path="cropYear"
          issues={issues}
          hint="The year of the sales dates it covers."
          editors={presence.editorsAt("cropYear")}
        >
          <input
            className="book-input"
            value={draft.cropYear}
            inputMode="numeric"
            onChange={(e) => set("cropYear", e.target.value)}
            {...focus("cropYear")}
          />
        </Field>
        <Field
          label="Reinsurance year"
          path="reinsuranceYear"
          issues={issues}
          hint="RMA's year from July 1 to June 30, named by the year it ends in."
          editors={presence.editorsAt("reinsuranceYear")}
        >
          <input
            className="book-input"
            value={draft.reinsuranceYear}
            inputMode="numeric"
            onChange={(e) => set("reinsuranceYear", e.target.value)}
            {...focus("reinsuranceYear")}
          />
        </Field>
      </div>
      <div className="book-form__row">
        <Field label="State" path="state" issues={issues} editors={presence.editorsAt("state")}>
          <select
            className="book-input"
            value={draft.state}
            onChange={(e) => {
              const state = e.target.value;
              const keep = countyOptions(state).some((c) => c.value === draft.county);
              onChange({ ...draft, state, county: keep ? draft.county : "" });
            }}
            {...focus("state")}
          >
            <option value="">Choose a state</option>
            {STATE_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="County" path="county" issues={issues} editors={presence.editorsAt("county")}>
          <select
            className="book-input"
            value={draft.county}
            disabled={counties.length === 0}
            onChange={(e) => set("county", e.target.value)}
            {...focus("county")}
          >
            <option value="">{draft.state ? "Choose a county" : "Choose a state first"}</option>
            {counties.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </>
  );
}
