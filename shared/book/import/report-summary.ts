import { groupHeading, heldGroups, noteGroups, problemGroups } from "./problem-groups";
import type { ImportReport, RecordKind } from "./types";

// The dry run's report said in sentences, one definition for the import screen and the command line (CLI3):
// records by kind, what the rows do (written, held as "needs details", unchanged, empty, skipped), the
// problems grouped by kind, the held endorsements grouped by what they lack, the notes, the skipped rows,
// and why nothing would be written.

export const KIND_LABELS: Readonly<Record<RecordKind, string>> = {
  customer: "Customers",
  entity: "Entities",
  policy: "Policies",
  coverage: "Endorsements",
};
export const KINDS: readonly RecordKind[] = ["customer", "entity", "policy", "coverage"];

const n = (value: number) => value.toLocaleString("en-US");

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

/**
 * What the rows do, leaving out the kinds no row has: "7 rows read: 6 write their customer and policy and
 * keep the endorsement as "needs details", 1 is not a record (skipped)."
 */
export function rowsSentence(report: ImportReport): string {
  const { rows } = report;
  const one = (count: number, single: string, plural: string) =>
    count === 0 ? [] : [`${n(count)} ${count === 1 ? single : plural}`];
  const parts = [
    ...one(rows.written, "writes records", "write records"),
    ...one(
      rows.held,
      'writes its customer and policy and keeps the endorsement as "needs details"',
      'write their customer and policy and keep the endorsement as "needs details"',
    ),
    ...one(rows.unchanged, "changes nothing", "change nothing"),
    ...one(rows.empty, "is empty", "are empty"),
    ...one(rows.skipped, "is not a record (skipped)", "are not records (skipped)"),
  ];
  return `${rowCount(rows.total)} read${parts.length > 0 ? `: ${parts.join(", ")}` : ""}.`;
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
    return `Nothing can be written yet: ${n(rows.refused)} of ${n(records)} rows are refused${
      rows.needsConfirmation > 0 ? ` and ${n(rows.needsConfirmation)} wait for your confirmation` : ""
    }. Fix the problems above and check again.`;
  return "Nothing to write: every record in the file is already in the book as it is.";
}

/** Lines listed under each heading; the rest are counted (the JSON report has them all). */
const SHOWN = 50;
const listed = (lines: string[]) =>
  lines.length > SHOWN
    ? [...lines.slice(0, SHOWN).map((l) => `  ${l}`), `  and ${n(lines.length - SHOWN)} more`]
    : lines.map((l) => `  ${l}`);
const kinds = (count: number) => `${n(count)} ${count === 1 ? "kind" : "kinds"}`;
const rowCount = (count: number) => `${n(count)} ${count === 1 ? "row" : "rows"}`;

/** The report as the screen says it, line by line, for the command line. */
export function reportLines(report: ImportReport, dryRun: boolean): string[] {
  const totals = recordTotals(report);
  const { rows } = report;
  const lines = [
    dryRun
      ? `Dry run of ${report.fileName}: nothing is written yet`
      : `${report.fileName}: import ${report.importId}`,
    `${n(totals.create)} to create, ${n(totals.update)} to update, ${n(totals.unchanged)} unchanged, ${n(rows.needsConfirmation)} to confirm, ${n(rows.held)} endorsements need details, ${n(rows.refused)} refused, ${n(rows.skipped)} skipped`,
    ...KINDS.map(
      (k) =>
        `  ${KIND_LABELS[k]}: ${n(report.counts[k].create)} create, ${n(report.counts[k].update)} update, ${n(report.counts[k].unchanged)} unchanged`,
    ),
    rowsSentence(report),
  ];
  const problems = problemGroups(report);
  if (problems.length > 0)
    lines.push(
      `Problems to fix (${kinds(problems.length)}, ${rowCount(rows.refused)}): every problem of every row`,
      ...listed(problems.map(groupHeading)),
    );
  const held = heldGroups(report);
  if (held.length > 0)
    lines.push(
      `Endorsements that need details (${n(rows.held)}): not refused; their customers, entities and policies are imported`,
      ...listed(
        held.map(
          (g) =>
            `${g.rows.length === 1 ? `row ${g.rows[0]?.line}` : `${n(g.rows.length)} rows`}: missing ${g.label}`,
        ),
      ),
    );
  const notes = noteGroups(report);
  if (notes.length > 0)
    lines.push(
      `For your information (${kinds(notes.length)}): how values were read, nothing refused`,
      ...listed(notes.map(groupHeading)),
    );
  if (report.skipped.length > 0)
    lines.push(
      `${report.skipped.length === 1 ? "1 row is not a record and is skipped" : `${n(report.skipped.length)} rows are not records and are skipped`} (totals, notes, a repeated header)`,
      ...listed(report.skipped.map((s) => s.message)),
    );
  if (report.confirmations.length > 0)
    lines.push(
      "Same customer? Matched by name and address only (confirm with --confirm LINES):",
      ...listed(report.confirmations.map((c) => `row ${c.line}: ${c.message}`)),
    );
  const nothing = nothingToWrite(report);
  if (nothing) lines.push(nothing);
  return lines;
}
