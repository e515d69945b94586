import { useMemo } from "react";
import { useBookIndex } from "./use-book-index";
import { type CustomerBook, type RecordOf, type RecordSection, useCustomerBook } from "./use-customer-book";

// One record of the book by id (an entity, a policy, a coverage): its summary in the book document
// names the customer, whose document holds the record. "loading" until both documents are on
// the device, "missing" when the id is not in the book (or `accept` refuses the record, e.g. the other
// plan's coverage), else the record with the customer's book for writes.

export type BookRecordLookup<R> =
  | { state: "loading"; book: CustomerBook }
  | { state: "missing"; book: CustomerBook }
  | { state: "found"; book: CustomerBook; record: R; customerId: string; customerName: string };

export function useBookRecord<S extends RecordSection, R extends RecordOf<S> = RecordOf<S>>(
  section: S,
  id: string | null | undefined,
  accept: (record: RecordOf<S>) => record is R = (record): record is R => true,
): BookRecordLookup<R> {
  const index = useBookIndex();
  const summary = useMemo(
    () =>
      id
        ? (index[section] as readonly { id: string; customerId: string }[]).find((s) => s.id === id)
        : undefined,
    [index, section, id],
  );
  const book = useCustomerBook(summary?.customerId ?? null);
  if (!id) return { state: "missing", book };
  if (!summary) return { state: index.loaded ? "missing" : "loading", book };
  if (!book.loaded) return { state: book.removed ? "missing" : "loading", book };
  const records = book[section] as Record<string, RecordOf<S>>;
  const record = Object.hasOwn(records, id) ? records[id] : undefined;
  if (!record || !accept(record)) return { state: "missing", book };
  return {
    state: "found",
    book,
    record,
    customerId: summary.customerId,
    customerName: book.profile?.name ?? index.customerNames.get(summary.customerId) ?? summary.customerId,
  };
}
