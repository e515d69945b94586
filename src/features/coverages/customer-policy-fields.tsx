import { useMemo } from "react";
import { INSURANCE_PLAN_LABELS } from "../../../shared/catalogue";
import type { Policy } from "../../../shared/documents/book";
import type { BookIndex } from "../../components/book";
import { SelectField } from "../../lib/pricing/ui/field";
import { providerName } from "./coverage-rows";

// The "Customer and policy" fields of the LRP and LGM create screens: the customer from the book, then
// one of that customer's open policies of the plan (the only one is chosen by itself).

export interface CustomerPolicyFieldsProps {
  plan: Policy["plan"];
  customers: BookIndex["customers"];
  customer: string;
  /** The customer's open policies of the plan (openPolicies). */
  policies: readonly Policy[];
  policy: Policy | undefined;
  /** Whether the customer's records are on the device (else "Loading…"). */
  loaded: boolean;
  errors: { customer?: string; policy?: string };
  onChange(patch: { customer?: string; policy: string }): void;
}

export const policyOptionLabel = (p: Policy): string =>
  `${p.policyNumber || "no number yet"} · ${providerName(p.providerId)} · crop year ${p.cropYear} · ${p.status}`;

export function CustomerPolicyFields({
  plan,
  customers,
  customer,
  policies,
  policy,
  loaded,
  errors,
  onChange,
}: CustomerPolicyFieldsProps) {
  const name = plan.toUpperCase();
  const sorted = useMemo(() => [...customers].sort((a, b) => a.name.localeCompare(b.name)), [customers]);
  return (
    <div className="quote-form">
      <SelectField
        label="Customer"
        name="customer"
        value={customer}
        error={errors.customer}
        options={[
          { value: "", label: sorted.length ? "Choose a customer" : "No customers yet" },
          ...sorted.map((c) => ({ value: c.id, label: c.name || c.id })),
        ]}
        onChange={(id) => onChange({ customer: id, policy: "" })}
      />
      {customer ? (
        <SelectField
          label={`${name} policy`}
          name="policy"
          value={policy?.id ?? ""}
          error={errors.policy}
          hint={
            policies.length === 0
              ? loaded
                ? `This customer has no active or pending ${INSURANCE_PLAN_LABELS[plan]} policy: add one under Policies first.`
                : "Loading the customer's policies…"
              : undefined
          }
          options={[
            ...(policy
              ? []
              : [{ value: "", label: policies.length ? "Choose a policy" : `No ${name} policy` }]),
            ...policies.map((p) => ({ value: p.id, label: policyOptionLabel(p) })),
          ]}
          onChange={(id) => onChange({ policy: id })}
        />
      ) : null}
    </div>
  );
}
