import { LIVE_COVERAGE_STATUSES } from "../../../shared/book/summaries";
import type { CoverageRow } from "./coverage-rows";

/** "Ending in the next 30 days": still covered and its end date today or within 30 days. */
export const isRowEndingSoon = (row: CoverageRow): boolean =>
  LIVE_COVERAGE_STATUSES.has(row.status) && row.daysLeft >= 0 && row.daysLeft <= 30;
