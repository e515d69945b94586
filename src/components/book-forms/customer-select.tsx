import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { SelectInput } from "./inputs";
import type { FieldIssues } from "./zod-issues";

export interface CustomerSelectProps {
  /** The book's customers (any order: listed by name). */
  customers: readonly { id: string; name: string }[];
  /** Whether the book is on the device: until then, a customer from the link is taken on trust. */
  loaded: boolean;
  issues: FieldIssues;
  /** Search parameters to drop with a change of customer (e.g. "entity"). */
  clears?: readonly string[];
  /** Called with the new customer's id, before the address changes (to reset the form). */
  onChange?(customerId: string): void;
}

/** The customer a new record is for, kept in the address (`?customer=ID`) so a link can preselect it. */
export function CustomerSelect({ customers, loaded, issues, clears = [], onChange }: CustomerSelectProps) {
  const [params, setParams] = useSearchParams();
  const customerId = params.get("customer") ?? "";
  const sorted = useMemo(() => [...customers].sort((a, b) => a.name.localeCompare(b.name)), [customers]);
  const known = isKnownCustomer(customerId, loaded, customers);
  return (
    <SelectInput
      label="Customer"
      path="customer"
      required
      issues={issues}
      error={known ? undefined : "This customer is not in your book: choose one from the list."}
      value={known ? customerId : ""}
      onChange={(id) => {
        onChange?.(id);
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            for (const name of clears) next.delete(name);
            if (id) next.set("customer", id);
            else next.delete("customer");
            return next;
          },
          { replace: true },
        );
      }}
      options={sorted.map((c) => ({ value: c.id, label: c.name || c.id }))}
      placeholder="Choose a customer"
    />
  );
}

/** No customer yet, the book not loaded yet, or a customer of the book. */
export const isKnownCustomer = (
  customerId: string,
  loaded: boolean,
  customers: readonly { id: string }[],
): boolean => customerId === "" || !loaded || customers.some((c) => c.id === customerId);
