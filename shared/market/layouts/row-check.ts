import type { ColumnSpec, DelimitedRow } from "../importers/delimited";
import { cellError, importError } from "../importers/delimited";
import { admFormatProblem, admLayoutOfFile } from "./index";
import type { AdmLayout, AdmLayoutField } from "./types";

// Reading a file row by row against its reinsurance year's RMA layout (A00010, ./adm-livestock-layouts):
// the header is the layout's, field for field (admLayoutOfFile); every field is read with the layout's
// type — a Char no longer than its length, a Numeric that fits its digit mask ("S9999.9999"), a Date
// CCYYMMDD — and a record's business key (every key field, State and County included) is unique in
// the file. The member's own reader adds its columns and rules on top; this adds what the layout says.
// Used by the LGM (A00600, A00610) and A00620 readers; the A00630 reader checks its own columns by the
// same admFormatProblem and keys its offers by the same layout keys (lrp-rate.ts).

const layoutKey = (name: string) => `layout:${name}`;

function specOf(field: AdmLayoutField): ColumnSpec {
  const [, name, type] = field;
  return {
    key: layoutKey(name),
    header: name,
    type: type === "Date" ? "date" : type === "Numeric" && field[4] !== "CCYY" ? "decimal" : "text",
    optional: true,
  };
}

export interface AdmRowCheck {
  layout: AdmLayout;
  /** Extra columns for readDelimited: the layout's fields the reader does not read itself. */
  columns: ColumnSpec[];
  /** Throws "FILE: line L, column C (Field): …" when a row breaks the layout. */
  check(row: DelimitedRow<string>): void;
}

const normalise = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
/** A reader's column can stand for a layout field when it parses the same kind of value. */
const sameKind = (reader: ColumnSpec["type"], layout: ColumnSpec["type"]) =>
  layout === "decimal"
    ? reader === "decimal" || reader === "int"
    : layout === "date"
      ? reader === "date"
      : true;

/**
 * The row check of a file by its reinsurance year's layout, or null when the data has no layout of the
 * file's year (RY2026 on: read by header names). Throws when the header is not one of the year's versions.
 * `reads`: the reader's own columns; a layout field the reader parses already is checked on its value
 * (not parsed twice).
 */
export function admRowCheck(
  text: string,
  file: string,
  member: string,
  reads: readonly ColumnSpec[] = [],
): AdmRowCheck | null {
  const layout = admLayoutOfFile(text, file, member);
  if (!layout) return null;
  const byHeader = new Map(reads.map((c) => [normalise(c.header), c]));
  const columns: ColumnSpec[] = [];
  const keyOf = new Map<AdmLayoutField, string>();
  for (const field of layout.fields) {
    const spec = specOf(field);
    const reader = byHeader.get(normalise(field[1]));
    if (reader && sameKind(reader.type, spec.type)) keyOf.set(field, reader.key);
    else {
      columns.push(spec);
      keyOf.set(field, spec.key);
    }
  }
  const at = (field: AdmLayoutField) => keyOf.get(field) as string;
  const chars = layout.fields.filter((f) => f[2] === "Char");
  const numbers = layout.fields.filter((f) => f[2] === "Numeric" && f[4] !== "CCYY");
  const years = layout.fields.filter((f) => f[4] === "CCYY");
  const state = layout.fields.find((f) => f[1] === "State Code");
  const keys = layout.fields.filter((f) => f[5] && f !== state).map(at);
  const stateKey = state ? at(state) : undefined;
  // A row repeated in another state (readDelimited's "reuse": its values an object over the earlier
  // row's, only the state its own) was checked as that row; its business key is that row's with its state.
  const keyOfRow = new WeakMap<object, string>();
  const seen = new Map<string, number>();
  const charProblem = (row: DelimitedRow<string>, field: AdmLayoutField) => {
    const value = row.values[at(field)];
    if (typeof value === "string" && value.length > field[3])
      throw cellError(
        file,
        row,
        at(field),
        field[1],
        `"${value}" is longer than RMA's ${field[3]} characters for ${field[1]}`,
      );
  };
  return {
    layout,
    columns,
    check(row) {
      const v = row.values;
      const earlier = Object.getPrototypeOf(v) as object;
      let base = earlier === Object.prototype ? undefined : keyOfRow.get(earlier);
      if (base === undefined) {
        for (const field of chars) charProblem(row, field);
        for (const field of numbers) {
          const value = v[at(field)];
          const problem = typeof value === "number" ? admFormatProblem(value, field) : null;
          if (problem) throw cellError(file, row, at(field), field[1], problem);
        }
        for (const field of years) {
          const value = v[at(field)];
          if (value !== undefined && !/^\d{4}$/.test(String(value)))
            throw cellError(file, row, at(field), field[1], `expected a year CCYY, found "${value}"`);
        }
        base = keys.map((k) => v[k] ?? "").join("|");
        keyOfRow.set(v, base);
      } else if (state) charProblem(row, state);
      const key = `${stateKey ? (v[stateKey] ?? "") : ""}|${base}`;
      const first = seen.get(key);
      if (first !== undefined)
        throw importError(
          file,
          `line ${row.line}`,
          `a second record with line ${first}'s business key (RMA's RY${layout.reinsuranceYear} ${member} layout: ${layout.fields
            .filter((f) => f[5])
            .map((f) => f[1])
            .join(", ")})`,
        );
      seen.set(key, row.line);
    },
  };
}
