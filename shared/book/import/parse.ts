import Papa from "papaparse";
import type { Sheet, SheetRow } from "./types";

// Files into sheets (docs/book-import.md): a CSV is one sheet, each worksheet of an XLSX another (parse-xlsx.ts).
// The header is the first row about as wide as the table (a title above it is skipped); rows that are empty are left out but keep their line numbers,
// so a refused row is named by the line the agent sees in the spreadsheet. Cells are text, trimmed.

/** At most this many rows per sheet and this many columns: a file beyond it is refused, not truncated. */
export const MAX_ROWS = 100_000;
export const MAX_COLUMNS = 200;
/** A cell longer than this is cut here (no field takes more; the field's own check then refuses it). */
export const MAX_CELL = 1_000;

export class SheetError extends Error {
  readonly code = "invalid-file";
}

const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : String(value);
  return text.trim().slice(0, MAX_CELL);
};

/** A sheet from its rows of cells (first non-empty row: the headers); `lineOf(i)` is row i's line. */
export function sheetFromRows(
  name: string,
  rows: readonly (readonly unknown[])[],
  lineOf = (i: number) => i + 1,
): Sheet {
  const cleaned = rows.map((row) => row.map(cell));
  // The header row: the first row filled at least half as wide as the widest of the first 20 (a title
  // or an export note above the headers is skipped).
  const filled = (row: readonly string[]) => row.reduce((n, c) => n + (c === "" ? 0 : 1), 0);
  const widest = Math.max(0, ...cleaned.slice(0, 20).map(filled));
  const headerIndex = widest === 0 ? -1 : cleaned.findIndex((row) => filled(row) >= Math.ceil(widest / 2));
  if (headerIndex < 0) return { name, headers: [], rows: [] };
  const headers = cleaned[headerIndex] as string[];
  while (headers.length > 0 && headers[headers.length - 1] === "") headers.pop();
  if (headers.length > MAX_COLUMNS)
    throw new SheetError(`${name}: ${headers.length} columns, more than the ${MAX_COLUMNS} an import reads`);
  const body: SheetRow[] = [];
  for (let i = headerIndex + 1; i < cleaned.length; i++) {
    const cells = (cleaned[i] as string[]).slice(0, headers.length);
    if (cells.every((c) => c === "")) continue;
    while (cells.length < headers.length) cells.push("");
    body.push({ line: lineOf(i), cells });
  }
  if (body.length > MAX_ROWS)
    throw new SheetError(`${name}: ${body.length} rows, more than the ${MAX_ROWS} an import reads at once`);
  return { name, headers, rows: body };
}

/** The delimiter of the header line: the most frequent of `,` `;` and tab outside quotes. */
function delimiterOf(text: string): string {
  const header = (/^[^\r\n]*/.exec(text)?.[0] ?? "").replace(/"[^"]*"/g, "");
  const count = (d: string) => header.split(d).length - 1;
  return [";", "\t"].reduce((best, d) => (count(d) > count(best) ? d : best), ",");
}

/**
 * A CSV file's text as a sheet (papaparse: quoted fields, embedded commas and line breaks, a BOM,
 * `,` `;` or tab as delimiter). A quoted cell spanning lines counts as the line it starts on.
 */
export function parseCsv(name: string, text: string): Sheet {
  const body = text.replace(/^\uFEFF/, "");
  const result = Papa.parse<string[]>(body, { skipEmptyLines: false, delimiter: delimiterOf(body) });
  const rows = result.data;
  // Line of each row: 1 + the line breaks before it (papaparse keeps quoted line breaks in the cell).
  const lines: number[] = [];
  let line = 1;
  for (const row of rows) {
    lines.push(line);
    line += 1 + row.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return sheetFromRows(name, rows, (i) => lines[i] ?? i + 1);
}
