import { type ImportFieldId, monthMarketingsField } from "./fields";
import { valueKey } from "./reading";
import { type Cell, RowReader } from "./row-reader";
import type { RowProblem } from "./types";
import { readCommodity, readDate } from "./values";

// LGM files of one row per marketing month (docs/book-import.md §LGM): a "Marketing Month" column and
// the month's head in "Head". Rows of one endorsement (same policy number, commodity, type and sales
// date, each compared by what it means: "Swine" = 0815, 03/09/2027 = Mar 9, 2027) are merged into
// their first row, each month's head becoming that calendar month's marketings column, so the endorsement is planned once, as a row with month columns. The merged rows take the
// first row's outcome; a bad month (unreadable, or twice in one endorsement) refuses the group whole.

export interface SheetEntry {
  line: number;
  cells: Map<ImportFieldId, Cell>;
  /** A row merged into the row of this line: it shares that row's outcome. */
  mergedInto?: number;
  /** The problems found while merging (the group's rows, each at its own line): the group is refused. */
  problems?: RowProblem[];
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** A calendar month (1–12) from "Jul", "July", "Sept", "7", "2026-07", "07/2026", "Jul 2026", "2026-07-01". */
function readMonth(text: string): number | null {
  const t = text.trim().toLowerCase();
  const name = /^([a-z]{3,9})\.?(?:[\s-]+'?\d{2,4})?$/.exec(t)?.[1];
  if (name) {
    const i = MONTHS.findIndex((m) => m.startsWith(name));
    return i >= 0 ? i + 1 : null;
  }
  const numeric =
    /^(\d{1,2})$/.exec(t)?.[1] ??
    /^\d{4}-(\d{1,2})(?:-\d{1,2})?$/.exec(t)?.[1] ??
    /^(\d{1,2})[/-](?:\d{1,2}[/-])?\d{4}$/.exec(t)?.[1];
  const n = numeric === undefined ? Number.NaN : Number(numeric);
  return n >= 1 && n <= 12 ? n : null;
}

const GROUP_FIELDS: ImportFieldId[] = ["policyNumber", "commodity", "type", "salesDate"];

/** A cell as rows of one endorsement are grouped: a date or commodity by its value (03/09/2027 = Mar 9, 2027). */
function groupKey(field: ImportFieldId, text: string): string {
  const read = field === "salesDate" ? readDate(text) : field === "commodity" ? readCommodity(text) : null;
  return read?.ok ? read.value : valueKey(text);
}

export function mergeMonthRows(sheet: string, entries: SheetEntry[], named: boolean): SheetEntry[] {
  const groups = new Map<string, SheetEntry>();
  for (const entry of entries) {
    const month = entry.cells.get("marketingMonth");
    if (!month) continue;
    const key = GROUP_FIELDS.map((f) => groupKey(f, entry.cells.get(f)?.text ?? "")).join("|");
    const first = groups.get(key);
    const reader = new RowReader(sheet, entry.line, entry.cells, named);
    const target = first ?? entry;
    if (first) entry.mergedInto = first.line;
    else groups.set(key, entry);
    const head = entry.cells.get("head");
    const m = readMonth(month.text);
    const field = m === null ? null : monthMarketingsField(m);
    if (m === null || field === null)
      reader.refuse("marketingMonth", `"${month.text}" is not a month: write it as Jul, July, 7 or 2026-07`);
    else if (first && target.cells.has(field))
      reader.refuse("marketingMonth", `${month.text} is given twice for this endorsement`);
    if (reader.problems.length > 0) {
      target.problems = [...(target.problems ?? []), ...reader.problems];
      continue;
    }
    if (!first) entry.cells.delete("head");
    if (head && field)
      target.cells.set(field, {
        text: head.text,
        column: first ? `${head.column ?? "Head"} (row ${entry.line})` : head.column,
      });
  }
  return entries;
}
