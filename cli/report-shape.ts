import { IMPORT_FIELD_IDS } from "../shared/book/import/fields";
import type { ImportReport } from "../shared/book/import/types";

// Whether a server's answer carries a report the command line can say in sentences (CLI3): every part the
// summary reads, of the type it reads. A broken, older or hostile server's may not (CLI1): then only the
// JSON is printed, and nothing of it is trusted to have a shape.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const numbers = (v: unknown, keys: readonly string[]) =>
  isObject(v) && keys.every((k) => typeof v[k] === "number");
const FIELDS = new Set<unknown>(IMPORT_FIELD_IDS);
const listOf = (v: unknown, each: (e: Record<string, unknown>) => boolean) =>
  Array.isArray(v) && v.every((e) => isObject(e) && each(e));
const problem = (e: Record<string, unknown>) =>
  typeof e.sheet === "string" &&
  typeof e.line === "number" &&
  typeof e.message === "string" &&
  (e.field === null || FIELDS.has(e.field)) &&
  (e.column === null || typeof e.column === "string") &&
  (e.value === undefined || typeof e.value === "string");
const ROWS = ["total", "written", "held", "unchanged", "empty", "skipped", "refused", "needsConfirmation"];
const KINDS = ["customer", "entity", "policy", "coverage"];

export function isReport(report: unknown): report is ImportReport {
  if (!isObject(report) || typeof report.fileName !== "string" || typeof report.importId !== "string")
    return false;
  const { counts } = report;
  return (
    numbers(report.rows, ROWS) &&
    isObject(counts) &&
    KINDS.every((k) => numbers(counts[k], ["create", "update", "unchanged"])) &&
    listOf(report.refused, problem) &&
    (report.notes === undefined || listOf(report.notes, problem)) &&
    listOf(
      report.held,
      (h) =>
        typeof h.sheet === "string" &&
        typeof h.line === "number" &&
        Array.isArray(h.missing) &&
        h.missing.every((f) => FIELDS.has(f)),
    ) &&
    listOf(report.skipped, (s) => typeof s.message === "string") &&
    listOf(report.confirmations, (c) => typeof c.line === "number" && typeof c.message === "string")
  );
}
