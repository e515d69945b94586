import Papa from "papaparse";
import type { Sheet, SheetRow } from "./types";

// Files into sheets (issue 27 §1): a CSV is one sheet, each worksheet of an XLSX another (parse-xlsx.ts).
// The first non-empty row is the header; rows that are empty are left out but keep their line numbers,
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
  const headerIndex = cleaned.findIndex((row) => row.some((c) => c !== ""));
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

/**
 * A CSV file's text as a sheet (papaparse: quoted fields, embedded commas and line breaks, a BOM,
 * `,` `;` or tab as delimiter). A quoted cell spanning lines counts as the line it starts on.
 */
export function parseCsv(name: string, text: string): Sheet {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    skipEmptyLines: false,
    delimitersToGuess: [",", ";", "\t"],
  });
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
