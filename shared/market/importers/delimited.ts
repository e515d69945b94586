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

type Parsed = { value: string | number } | { error: string };

const CODE = { code2: /^\d{2}$/, code3: /^\d{3}$/, code4: /^\d{4}$/ } as const;
const INT = /^-?\d+$/;
const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;
const YMD = /^\d{8}$/;
const YM = /^\d{6}$/;
const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A parser per cell type, made once per file; dates repeat, so each distinct text is checked once. */
function cellParser(type: CellType): (text: string) => Parsed {
  switch (type) {
    case "text":
      return (text) => ({ value: text });
    case "code2":
    case "code3":
    case "code4": {
      const pattern = CODE[type];
      const digits = type.slice(4);
      return (text) =>
        pattern.test(text) ? { value: text } : { error: `expected a ${digits}-digit code, found "${text}"` };
    }
    case "int":
      return (text) =>
        INT.test(text) ? { value: Number(text) } : { error: `expected a whole number, found "${text}"` };
    case "decimal":
      return (text) =>
        DECIMAL.test(text) ? { value: Number(text) } : { error: `expected a number, found "${text}"` };
    case "date": {
      const seen = new Map<string, Parsed>();
      return (text) => {
        let parsed = seen.get(text);
        if (!parsed) {
          const iso = YMD.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;
          parsed = isIsoDate(iso)
            ? { value: iso }
            : { error: `expected a date YYYYMMDD or YYYY-MM-DD, found "${text}"` };
          seen.set(text, parsed);
        }
        return parsed;
      };
    }
    case "month":
      return (text) => {
        const iso = YM.test(text) ? `${text.slice(0, 4)}-${text.slice(4)}` : text;
        return ISO_MONTH.test(iso)
          ? { value: iso }
          : { error: `expected a month YYYYMM or YYYY-MM, found "${text}"` };
      };
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
  options: {
    /**
     * RMA repeats each row per state. A line identical to an earlier one but for these columns is not
     * parsed again: "skip" leaves it out, "reuse" returns the earlier values with these columns read
     * from this line. Its column count is still checked.
     */
    repeats?: { ignoring: readonly string[]; mode: "skip" | "reuse" };
  } = {},
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
  // The columns present in this file, with their parser, in spec order.
  const present = columns
    .filter((spec) => columnOf[spec.key] !== undefined)
    .map((spec) => ({ spec, index: columnOf[spec.key] - 1, parse: cellParser(spec.type) }));
  const ignored = (options.repeats?.ignoring ?? [])
    .map((h) => header.indexOf(normalise(h)))
    .filter((at) => at >= 0);
  const seen = ignored.length > 0 ? new Map<string, Record<K, Cell>>() : null;
  const ignoredSpecs = present.filter((p) => ignored.includes(p.index));
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i];
    if (line.trim() === "") continue;
    const cells = line.split(delimiter);
    if (cells.length !== header.length)
      throw importError(file, `line ${lineNo}`, `expected ${header.length} columns, found ${cells.length}`);
    let rest: string | undefined;
    let values = {} as Record<K, Cell>;
    let toRead = present;
    if (seen) {
      // The line without the ignored cells, by offsets (cheaper than rebuilding it).
      rest = "";
      let from = 0;
      let offset = 0;
      for (let at = 0; at < cells.length; at++) {
        if (ignored.includes(at)) {
          rest += line.slice(from, offset);
          from = offset + cells[at].length;
        }
        offset += cells[at].length + 1;
      }
      rest += line.slice(from);
      const earlier = seen.get(rest);
      if (earlier) {
        if (options.repeats?.mode === "skip") continue;
        // The earlier row's values, shared; this line's own cells (the state) shadow them.
        values = Object.create(earlier) as Record<K, Cell>;
        for (const { spec } of ignoredSpecs) values[spec.key] = undefined;
        toRead = ignoredSpecs;
      }
    }
    for (const { spec, index, parse } of toRead) {
      const raw = cells[index];
      const text =
        raw.length > 0 && (raw.charCodeAt(0) <= 32 || raw.charCodeAt(raw.length - 1) <= 32)
          ? raw.trim()
          : raw;
      if (text === "") {
        if (spec.optional) continue;
        throw importError(
          file,
          `line ${lineNo}, column ${index + 1} (${spec.header})`,
          "a value is required",
        );
      }
      const parsed = parse(text);
      if ("error" in parsed)
        throw importError(file, `line ${lineNo}, column ${index + 1} (${spec.header})`, parsed.error);
      values[spec.key] = parsed.value;
    }
    if (seen && rest !== undefined && !seen.has(rest)) seen.set(rest, values);
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
