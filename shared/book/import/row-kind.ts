import { headerKey } from "./fields";
import type { Mapping } from "./mapping";
import type { Sheet } from "./types";

// Rows of an agency's sheet that are not records (docs/book-import.md §Rows that are not records): a
// TOTAL or subtotal line under the table, a blank row, the header repeated (a report printed page by
// page), a note ("Premiums as of 3/1", "* pending"). The planner skips them and the report names each
// with its reason, so "TOTAL" never becomes a customer.

export type SkipReason = "blank" | "total" | "header" | "note";
export type RowKind = "record" | { skip: SkipReason; message: string };

/**
 * A totals line's label: "Total", "Grand total", "Subtotal – Custer", "Total for Custer", "Count: 12"
 * ("Total Beef LLC" is a name).
 */
const TOTAL =
  /^(?:grand\s*|sub[\s-]*)?totals?\s*(?:$|[:=(\-–]|for\b|of\b|all\b|\d)|^(?:count|sum|summary)\s*(?:$|[:=\d])/i;
/** The way notes under or above a table begin. */
const NOTE =
  /^(?:(?:notes?|n\.?b\.?|comments?|remarks?|prepared|printed|generated|exported|report|source|as of|confidential|disclaimer)\b|page \d|[*#(]|--)/i;
/** What a totals line holds beside its label: figures, perhaps with what they count ("1,990 hd", "12 policies"). */
const FIGURES = /^[\d$.,\s%()-]+(?:\s*(?:head|hd|rows?|policies|customers|endorsements|records|lbs?|cwt))?$/i;

const fieldOf = (mapping: Mapping, header: string) =>
  Object.hasOwn(mapping.columns, header) ? mapping.columns[header] : undefined;

const reason = (skip: SkipReason, text: string): RowKind => {
  const shown = JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
  const message = {
    blank: "a blank row: skipped",
    total: `a totals row (${shown}), not a record: skipped`,
    header: "the header row repeated: skipped",
    note: `a note (${shown}), not a record: skipped`,
  }[skip];
  return { skip, message };
};

/**
 * Whether a row of `sheet` is a record, or a row to skip and why.
 * @example rowKind(sheet, ["TOTAL", "", "", "1,250"], mapping) // { skip: "total", message: "a totals row (\"TOTAL\")…" }
 */
export function rowKind(sheet: Pick<Sheet, "headers">, cells: readonly string[], mapping: Mapping): RowKind {
  const filled = cells
    .map((text, i) => ({ text: text.trim(), header: sheet.headers[i] ?? "" }))
    .filter((c) => c.text !== "");
  const first = filled[0];
  if (!first) return reason("blank", "");
  const sameAsHeader = filled.filter((c) => c.header !== "" && headerKey(c.text) === headerKey(c.header));
  if (sameAsHeader.length >= 2 && sameAsHeader.length * 2 >= filled.length) return reason("header", "");
  // A totals line names itself in one of its first cells and holds only figures beside it: "Total Beef
  // LLC" with an address is a customer.
  const total = filled.find((c) => TOTAL.test(c.text));
  if (total && filled.indexOf(total) <= 1 && filled.every((c) => c === total || FIGURES.test(c.text)))
    return reason("total", total.text);
  if (filled.length === 1) {
    if (
      fieldOf(mapping, first.header) === undefined ||
      NOTE.test(first.text) ||
      (first.text.length > 60 && /\s\S+\s/.test(first.text))
    )
      return reason("note", first.text);
  }
  return "record";
}
