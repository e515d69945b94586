import { endingWithin } from "../../../shared/book/dates";
import type { CoverageRow } from "./coverage-rows";

/**
 * "Ending in the next 30 days", by the hub's rule (shared/book/dates.ts endingWithin: still covered,
 * end date from today to 30 days ahead): the ids of the rows it keeps, computed once per book and day.
 */
export function endingSoonIds(rows: readonly CoverageRow[], today: string): ReadonlySet<string> {
  return new Set(endingWithin(rows, today, 30).map((item) => item.coverage.id));
}
