import type { ImportPlan, ImportReport, RecordKind } from "../../../shared/book/import/types";
import type { ImportLogEntry } from "../../../shared/documents/import-log";

// The dry run's report as the screen sums it up, and the import's entry in the book document.

export const KIND_LABELS: Readonly<Record<RecordKind, string>> = {
  customer: "Customers",
  entity: "Entities",
  policy: "Policies",
  coverage: "Endorsements",
};
export const KINDS: readonly RecordKind[] = ["customer", "entity", "policy", "coverage"];

/** Records the import creates, updates and leaves alone, over every kind. */
export function recordTotals(report: ImportReport): { create: number; update: number; unchanged: number } {
  const totals = { create: 0, update: 0, unchanged: 0 };
  for (const kind of KINDS) {
    const c = report.counts[kind];
    totals.create += c.create;
    totals.update += c.update;
    totals.unchanged += c.unchanged;
  }
  return totals;
}

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

/**
 * The dry run's sentence when it writes nothing (GROUP1): "already in the book" only when rows were read and
 * every one is unchanged — never when nothing was read or everything was refused.
 */
export function nothingToWrite(report: ImportReport): string | null {
  const totals = recordTotals(report);
  if (totals.create + totals.update > 0 || report.rows.held > 0) return null;
  const { rows } = report;
  const records = rows.total - rows.skipped - rows.empty;
  if (records <= 0)
    return "Nothing to write: the file holds no rows of records (check its header row and columns).";
  if (rows.refused + rows.needsConfirmation > 0)
    return `Nothing can be written yet: ${rows.refused.toLocaleString("en-US")} of ${records.toLocaleString("en-US")} rows are refused${
      rows.needsConfirmation > 0
        ? ` and ${rows.needsConfirmation.toLocaleString("en-US")} wait for your confirmation`
        : ""
    }. Fix the problems above and check again.`;
  return "Nothing to write: every record in the file is already in the book as it is.";
}
