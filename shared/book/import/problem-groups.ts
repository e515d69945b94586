import { type ImportFieldId, importField } from "./fields";
import { valueKey } from "./reading";
import type { ImportReport, RowProblem } from "./types";

// The dry run's problems grouped by kind (issue 41, GROUP1, docs/book-import.md "One pass"): every row with
// the same problem about the same value is one line on the screen and one fix — "12 rows: Type "Steers
// Wt 1" — not a Feeder Cattle type: …" — and every endorsement held for the same missing fields one line.
// A fix of a value becomes the mapping's `values` (mapping.ts), read for every row of the file.

export interface ProblemGroup {
  /** Stable key of the group (field, value compared as reading.ts valueKey, or the sentence). */
  key: string;
  field: ImportFieldId | null;
  /** The column's header, as in the file (null: a row's problem, or a field no column gives). */
  column: string | null;
  /** The cell's text as written (a value problem), never a tax id. */
  value?: string;
  /** The sentence without its row: "not a Feeder Cattle type: Steers Weight 1, …". */
  message: string;
  choices?: { value: string; label: string }[];
  /** The rows, in file order. */
  rows: { sheet: string; line: number }[];
}

/** The sentence of a problem without "row 7, Column: " (or "Sheet, row 7: "). */
const withoutRow = (p: RowProblem): string => p.message.replace(/^(.*?)row \d+(, [^:]*)?: /, "");

/** The report's refusals grouped: same field and same value (or the same sentence), rows in file order. */
export function problemGroups(report: Pick<ImportReport, "refused">): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  for (const p of report.refused) {
    const message = withoutRow(p);
    const key =
      p.value !== undefined && p.field
        ? `${p.field}|${valueKey(p.value)}|${message}`
        : `${p.field}|${message}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        field: p.field as ImportFieldId | null,
        column: p.column,
        ...(p.value !== undefined ? { value: p.value } : {}),
        message,
        ...(p.choices ? { choices: p.choices } : {}),
        rows: [],
      };
      groups.set(key, group);
    }
    if (!group.rows.some((r) => r.sheet === p.sheet && r.line === p.line))
      group.rows.push({ sheet: p.sheet, line: p.line });
  }
  return [...groups.values()].sort((a, b) => b.rows.length - a.rows.length);
}

/**
 * The report's notes (how a value was read: a masked tax id as none given, the entity type from the legal
 * name, an address kept partial) grouped as the problems are, for the screen and the command line (NOTES1).
 */
export function noteGroups(report: Pick<ImportReport, "notes">): ProblemGroup[] {
  return problemGroups({ refused: report.notes ?? [] });
}

/** Endorsements held as "needs details", grouped by what they lack ("Sales date, Subsidy"). */
export function heldGroups(
  report: Pick<ImportReport, "held">,
): { missing: ImportFieldId[]; label: string; rows: { sheet: string; line: number }[] }[] {
  const groups = new Map<
    string,
    { missing: ImportFieldId[]; label: string; rows: { sheet: string; line: number }[] }
  >();
  for (const h of report.held) {
    const key = h.missing.join(",");
    let group = groups.get(key);
    if (!group) {
      const missing = h.missing as ImportFieldId[];
      group = { missing, label: missing.map((f) => importField(f).label).join(", "), rows: [] };
      groups.set(key, group);
    }
    group.rows.push({ sheet: h.sheet, line: h.line });
  }
  return [...groups.values()].sort((a, b) => b.rows.length - a.rows.length);
}

/**
 * The heading of a group as the screen and the command line say it: "12 rows: Type "Steers Wt 1" — not a
 * Feeder Cattle type: …" (a row: "row 7: …").
 */
export function groupHeading(group: ProblemGroup): string {
  const rows = group.rows.length === 1 ? `row ${group.rows[0]?.line}` : `${group.rows.length} rows`;
  const where = group.column ?? (group.field ? importField(group.field).label : null);
  const what = where ? `${where}${group.value !== undefined ? ` ${JSON.stringify(group.value)}` : ""}` : null;
  return `${rows}: ${what ? `${what} — ` : ""}${group.message}`;
}
