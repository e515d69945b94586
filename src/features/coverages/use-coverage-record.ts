import type { Coverage, LgmEndorsement, LrpCoverage } from "../../../shared/documents/book";
import { type CustomerBook, useBookIndex, useCustomerBook } from "../../components/book";

// One coverage by id: its summary in the organisation document names the customer, whose document
// holds the record. Answers "loading" until both documents are on the device, "missing" when the id
// is not in the book (or is the other plan's), else the record with the customer's book for writes.

type RecordOfPlan<P extends "lrp" | "lgm"> = P extends "lrp" ? LrpCoverage : LgmEndorsement;

export type CoverageLookup<P extends "lrp" | "lgm"> =
  | { state: "loading"; book: CustomerBook }
  | { state: "missing"; book: CustomerBook }
  | { state: "found"; book: CustomerBook; record: RecordOfPlan<P>; customerName: string };

export function useCoverageRecord<P extends "lrp" | "lgm">(plan: P, id: string | null): CoverageLookup<P> {
  const index = useBookIndex();
  const summary = id ? index.coverages.find((c) => c.id === id) : undefined;
  const book = useCustomerBook(summary?.customerId ?? null);
  if (!id) return { state: "missing", book };
  if (!summary) return { state: index.loaded ? "missing" : "loading", book };
  if (summary.plan !== plan) return { state: "missing", book };
  if (!book.loaded) return { state: "loading", book };
  const record: Coverage | undefined = book.coverages[id];
  if (!record || record.plan !== plan) return { state: "missing", book };
  return {
    state: "found",
    book,
    record: record as RecordOfPlan<P>,
    customerName: book.profile?.name ?? index.customerNames.get(summary.customerId) ?? summary.customerId,
  };
}
