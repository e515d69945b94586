import { useMemo } from "react";
import { INSURANCE_PLAN_LABELS } from "../../../shared/catalogue";
import type { Policy } from "../../../shared/documents/book";
import type { BookIndex } from "../../components/book";
import { SelectInput } from "../../components/book-forms";
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
  /** After a save was tried: a missing customer or policy gets its message at its field. */
  showMissing?: boolean;
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
  showMissing = false,
  onChange,
}: CustomerPolicyFieldsProps) {
  const name = plan.toUpperCase();
  const sorted = useMemo(() => [...customers].sort((a, b) => a.name.localeCompare(b.name)), [customers]);
  const missing = missingChoice({ customer, policy, plan });
  return (
    <div className="quote-form">
      <SelectInput
        label="Customer"
        path="customer"
        required
        value={customer}
        error={
          errors.customer ?? (showMissing && missing?.field === "customer" ? missing.message : undefined)
        }
        placeholder={sorted.length ? "Choose a customer" : "No customers yet"}
        options={sorted.map((c) => ({ value: c.id, label: c.name || c.id }))}
        onChange={(id) => onChange({ customer: id, policy: "" })}
      />
      {customer ? (
        <SelectInput
          label={`${name} policy`}
          path="policy"
          required
          value={policy?.id ?? ""}
          error={errors.policy ?? (showMissing && missing?.field === "policy" ? missing.message : undefined)}
          hint={
            policies.length === 0
              ? loaded
                ? `This customer has no active or pending ${INSURANCE_PLAN_LABELS[plan]} policy: add one under Policies first.`
                : "Loading the customer's policies…"
              : undefined
          }
          placeholder={policy ? undefined : policies.length ? "Choose a policy" : `No ${name} policy`}
          options={policies.map((p) => ({ value: p.id, label: policyOptionLabel(p) }))}
          onChange={(id) => onChange({ policy: id })}
        />
      ) : null}
    </div>
  );
}

/**
 * The customer or policy still to choose before an endorsement can be saved, with the words said at
 * its field (and, as "To save, …", beside the save button); null once both are chosen.
 */
export function missingChoice({
  customer,
  policy,
  plan,
}: {
  customer: string;
  policy: Policy | undefined;
  plan: Policy["plan"];
}): { field: "customer" | "policy"; message: string } | null {
  if (!customer) return { field: "customer", message: "Choose the customer." };
  if (!policy) return { field: "policy", message: `Choose the customer's ${plan.toUpperCase()} policy.` };
  return null;
}
