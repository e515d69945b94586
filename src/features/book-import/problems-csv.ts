import type { ImportReport } from "../../../shared/book/import/types";
import { toCsv } from "../../../shared/csv";

/**
 * The dry run's refused rows as CSV (sheet, line, column, problem), for the agent to fix the file. The
 * sheet and column are the file's own names, so they go through the one writer like every export (CSV1).
 */
export function problemsCsv(report: Pick<ImportReport, "refused">): string {
  return toCsv(
    ["Sheet", "Line", "Column", "Problem"],
    report.refused.map((p) => [p.sheet, p.line, p.column, p.message]),
  );
}
