import { DomainError } from "../../errors";
import { isIsoDate } from "../dates";

// A strict reader for delimited text with a header row (RMA's pipe-delimited ADM members, our futures
// CSV). Columns are found by header name (case, spaces and punctuation ignored), so column order does
// not matter. Every problem stops the import with "FILE: line L, column C (Header): what is wrong";
// the reader returns all rows or throws, never part of a file.

export type CellType = "text" | "code2" | "code3" | "code4" | "int" | "decimal" | "date" | "month";

export interface ColumnSpec<K extends string = string> {
  key: K;
  header: string;
  type: CellType;
  optional?: boolean;
}

export type Cell = string | number | undefined;

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export const importError = (file: string, where: string, message: string): DomainError =>
  new DomainError("invalid-input", `${file}: ${where}: ${message}`);

function parseCell(raw: string, type: CellType): { value: string | number } | { error: string } {
  const text = raw.trim();
  switch (type) {
    case "text":
      return { value: text };
    case "code2":
    case "code3":
    case "code4": {
      const digits = Number(type.slice(4));
      return new RegExp(`^\\d{${digits}}$`).test(text)
        ? { value: text }
        : { error: `expected a ${digits}-digit code, found "${text}"` };
    }
    case "int":
      return /^-?\d+$/.test(text)
        ? { value: Number(text) }
        : { error: `expected a whole number, found "${text}"` };
    case "decimal":
      return /^-?(\d+\.?\d*|\.\d+)$/.test(text)
        ? { value: Number(text) }
        : { error: `expected a number, found "${text}"` };
    case "date": {
      const iso = /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;
      return isIsoDate(iso)
        ? { value: iso }
        : { error: `expected a date YYYYMMDD or YYYY-MM-DD, found "${text}"` };
    }
    case "month": {
      const iso = /^\d{6}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4)}` : text;
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(iso)
        ? { value: iso }
        : { error: `expected a month YYYYMM or YYYY-MM, found "${text}"` };
    }
  }
}

export interface DelimitedRow<K extends string> {
  line: number;
  values: Record<K, Cell>;
  /** Column number (1-based) of each key in the file, for error messages after parsing. */
  columnOf: Record<K, number>;
}

export function readDelimited<K extends string>(
  text: string,
  file: string,
  delimiter: "|" | ",",
  columns: readonly ColumnSpec<K>[],
): DelimitedRow<K>[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === "") lines.pop();
  if (lines.length === 0) throw importError(file, "line 1", "the file is empty (expected a header row)");
  const header = lines[0].split(delimiter).map(normalise);
  const columnOf = {} as Record<K, number>;
  for (const spec of columns) {
    const at = header.indexOf(normalise(spec.header));
    if (at < 0) {
      if (spec.optional) continue;
      throw importError(file, "line 1", `missing column "${spec.header}"`);
    }
    columnOf[spec.key] = at + 1;
  }
  const rows: DelimitedRow<K>[] = [];
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    if (lines[i].trim() === "") continue;
    const cells = lines[i].split(delimiter);
    if (cells.length !== header.length)
      throw importError(file, `line ${lineNo}`, `expected ${header.length} columns, found ${cells.length}`);
    const values = {} as Record<K, Cell>;
    for (const spec of columns) {
      const col = columnOf[spec.key];
      if (col === undefined) continue;
      const raw = cells[col - 1];
      if (raw.trim() === "") {
        if (spec.optional) continue;
        throw importError(file, `line ${lineNo}, column ${col} (${spec.header})`, "a value is required");
      }
      const parsed = parseCell(raw, spec.type);
      if ("error" in parsed)
        throw importError(file, `line ${lineNo}, column ${col} (${spec.header})`, parsed.error);
      values[spec.key] = parsed.value;
    }
    rows.push({ line: lineNo, values, columnOf });
  }
  return rows;
}

/** Throws the file/line/column error for a value that parsed but breaks a rule. */
export function cellError<K extends string>(
  file: string,
  row: DelimitedRow<K>,
  key: K,
  header: string,
  message: string,
): DomainError {
  return importError(file, `line ${row.line}, column ${row.columnOf[key]} (${header})`, message);
}
