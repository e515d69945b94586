import type { Entity } from "../../../shared/documents/book";
import { type CustomerBook, useBookIndex, useCustomerBook } from "../../components/book";

// One entity by id: its summary in the organisation document names the customer, whose document holds
// the record. "loading" until both documents are on the device, "missing" when the id is not in the
// book, else the record with the customer's book for writes.

export type EntityLookup =
  | { state: "loading"; book: CustomerBook }
  | { state: "missing"; book: CustomerBook }
  | { state: "found"; book: CustomerBook; entity: Entity; customerId: string; customerName: string };

export function useEntityRecord(id: string | undefined): EntityLookup {
  const index = useBookIndex();
  const summary = id ? index.entities.find((e) => e.id === id) : undefined;
  const book = useCustomerBook(summary?.customerId ?? null);
  if (!id) return { state: "missing", book };
  if (!summary) return { state: index.loaded ? "missing" : "loading", book };
  if (!book.loaded) return { state: book.removed ? "missing" : "loading", book };
  const entity = Object.hasOwn(book.entities, id) ? book.entities[id] : undefined;
  if (!entity) return { state: "missing", book };
  return {
    state: "found",
    book,
    entity,
    customerId: summary.customerId,
    customerName: book.profile?.name ?? index.customerNames.get(summary.customerId) ?? summary.customerId,
  };
}
