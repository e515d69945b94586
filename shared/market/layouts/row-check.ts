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
  /** Extra columns for readDelimited: every layout field, read with the layout's type. */
  columns: ColumnSpec[];
  /** Throws "FILE: line L, column C (Field): …" when a row breaks the layout. */
  check(row: DelimitedRow<string>): void;
}

/**
 * The row check of a file by its reinsurance year's layout, or null when the data has no layout of the
 * file's year (RY2026 on: read by header names). Throws when the header is not one of the year's versions.
 */
export function admRowCheck(text: string, file: string, member: string): AdmRowCheck | null {
  const layout = admLayoutOfFile(text, file, member);
  if (!layout) return null;
  const columns = layout.fields.map(specOf);
  const chars = layout.fields.filter((f) => f[2] === "Char");
  const numbers = layout.fields.filter((f) => f[2] === "Numeric" && f[4] !== "CCYY");
  const years = layout.fields.filter((f) => f[4] === "CCYY");
  const keys = layout.fields.filter((f) => f[5]).map((f) => layoutKey(f[1]));
  const seen = new Map<string, number>();
  return {
    layout,
    columns,
    check(row) {
      const v = row.values;
      for (const field of chars) {
        const value = v[layoutKey(field[1])];
        if (typeof value === "string" && value.length > field[3])
          throw cellError(
            file,
            row,
            layoutKey(field[1]),
            field[1],
            `"${value}" is longer than RMA's ${field[3]} characters for ${field[1]}`,
          );
      }
      // A row repeated in another state shares the earlier row's parsed numbers (readDelimited's reuse,
      // its values an object over the earlier row's): they were checked on that row.
      if (Object.getPrototypeOf(v) === Object.prototype) {
        for (const field of numbers) {
          const value = v[layoutKey(field[1])];
          const problem = typeof value === "number" ? admFormatProblem(value, field) : null;
          if (problem) throw cellError(file, row, layoutKey(field[1]), field[1], problem);
        }
        for (const field of years) {
          const value = v[layoutKey(field[1])];
          if (value !== undefined && !/^\d{4}$/.test(String(value)))
            throw cellError(
              file,
              row,
              layoutKey(field[1]),
              field[1],
              `expected a year CCYY, found "${value}"`,
            );
        }
      }
      const key = keys.map((k) => v[k] ?? "").join("|");
      const earlier = seen.get(key);
      if (earlier !== undefined)
        throw importError(
          file,
          `line ${row.line}`,
          `a second record with line ${earlier}'s business key (RMA's RY${layout.reinsuranceYear} ${member} layout: ${layout.fields
            .filter((f) => f[5])
            .map((f) => f[1])
            .join(", ")})`,
        );
      seen.set(key, row.line);
    },
  };
}
