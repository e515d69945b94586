import type { Policy } from "../../../shared/documents/book";
import { type BookRecordLookup, useBookRecord } from "../../components/book/use-book-record";

// One policy by id (src/components/book/use-book-record.ts), as `policy`.

export type PolicyLookup =
  | Exclude<BookRecordLookup<Policy>, { state: "found" }>
  | (Extract<BookRecordLookup<Policy>, { state: "found" }> & { policy: Policy });

export function usePolicyRecord(id: string | undefined): PolicyLookup {
  const found = useBookRecord("policies", id);
  return found.state === "found" ? { ...found, policy: found.record } : found;
}
