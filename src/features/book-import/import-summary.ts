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
