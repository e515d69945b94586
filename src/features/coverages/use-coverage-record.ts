import type { Coverage, LgmEndorsement, LrpCoverage } from "../../../shared/documents/book";
import { type BookRecordLookup, useBookRecord } from "../../components/book/use-book-record";

// One coverage of a plan by id (src/components/book/use-book-record.ts): another plan's id is missing.

type RecordOfPlan<P extends "lrp" | "lgm"> = P extends "lrp" ? LrpCoverage : LgmEndorsement;

export type CoverageLookup<P extends "lrp" | "lgm"> = BookRecordLookup<RecordOfPlan<P>>;

export function useCoverageRecord<P extends "lrp" | "lgm">(plan: P, id: string | null): CoverageLookup<P> {
  return useBookRecord(
    "coverages",
    id,
    (record: Coverage): record is RecordOfPlan<P> => record.plan === plan,
  );
}
