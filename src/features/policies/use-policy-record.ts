import type { Policy } from "../../../shared/documents/book";
import { type CustomerBook, useBookIndex, useCustomerBook } from "../../components/book";

// One policy by id: its summary in the organisation document names the customer, whose document holds
// the record. "loading" until both documents are on the device, "missing" when the id is not in the
// book, else the record with the customer's book for writes.

export type PolicyLookup =
  | { state: "loading"; book: CustomerBook }
  | { state: "missing"; book: CustomerBook }
  | { state: "found"; book: CustomerBook; policy: Policy; customerId: string; customerName: string };

export function usePolicyRecord(id: string | undefined): PolicyLookup {
  const index = useBookIndex();
  const summary = id ? index.policies.find((p) => p.id === id) : undefined;
  const book = useCustomerBook(summary?.customerId ?? null);
  if (!id) return { state: "missing", book };
  if (!summary) return { state: index.loaded ? "missing" : "loading", book };
  if (!book.loaded) return { state: book.removed ? "missing" : "loading", book };
  const policy = Object.hasOwn(book.policies, id) ? book.policies[id] : undefined;
  if (!policy) return { state: "missing", book };
  return {
    state: "found",
    book,
    policy,
    customerId: summary.customerId,
    customerName: book.profile?.name ?? index.customerNames.get(summary.customerId) ?? summary.customerId,
  };
}
