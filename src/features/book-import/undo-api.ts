import { sessionJson } from "../../lib/auth/authorized-json";

// The server's undo of one import (sync-server/history/import-routes.ts): asked first as a dry run (what
// it would remove and give back), then done. It needs a connection: the history is the server's.

export interface UndoReport {
  importId: string;
  fileName: string;
  removed: number;
  restored: number;
  changedSince: number;
  documents: number;
  undoneAt?: string;
}

export const undoImport = (
  getAccessToken: () => Promise<string>,
  orgId: string,
  importId: string,
  dryRun: boolean,
) =>
  sessionJson<{ report: UndoReport }>(
    getAccessToken,
    `/api/orgs/${encodeURIComponent(orgId)}/book-imports/${encodeURIComponent(importId)}/undo`,
    { method: "POST", json: { dryRun } },
  ).then((r) => r.report);

/** What the undo will do, in a sentence for the confirmation. */
export function undoSentence(report: UndoReport): string {
  const parts = [
    report.removed > 0 ? `removes ${plural(report.removed, "record")} it created` : null,
    report.restored > 0
      ? `gives ${plural(report.restored, "record")} it updated back their earlier values`
      : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0)
    return `Nothing of ${report.fileName} is left to undo: later imports or edits replaced it.`;
  const since =
    report.changedSince > 0
      ? ` ${plural(report.changedSince, "of these records was", "of these records were")} changed after the import: those changes are taken back too (the history keeps them).`
      : "";
  return `Undoing ${report.fileName} ${parts.join(" and ")}.${since}`;
}

export const plural = (n: number, one: string, many?: string) =>
  n === 1 ? `1 ${one}` : `${n.toLocaleString("en-US")} ${many ?? `${one}s`}`;
