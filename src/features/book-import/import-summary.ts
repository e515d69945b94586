import { recordTotals } from "../../../shared/book/import/report-summary";
import type { ImportPlan } from "../../../shared/book/import/types";
import type { ImportLogEntry } from "../../../shared/documents/import-log";

// The dry run's report as the screen sums it up, and the import's entry in the book document.

/** The name an import goes by: its file, or its files ("customers.csv, policies.csv"). */
export function importFileName(files: readonly { name: string }[]): string {
  const joined = files.map((f) => f.name).join(", ");
  return (joined.length > 255 ? `${joined.slice(0, 254)}…` : joined) || "file";
}

/** The import's entry in the book document (shared/documents/import-log.ts), written when it is applied. */
export function importLogEntry(
  plan: ImportPlan,
  input: { source: string; at: string; by: string },
): ImportLogEntry {
  const { report } = plan;
  const totals = recordTotals(report);
  const customers = new Set<string>();
  for (const writes of plan.writes) if (writes.customerId) customers.add(writes.customerId);
  return {
    id: report.importId,
    fileName: report.fileName,
    source: input.source,
    at: input.at,
    by: input.by,
    created: totals.create,
    updated: totals.update,
    unchanged: totals.unchanged,
    refused: report.rows.refused,
    customers: [...customers],
  };
}
