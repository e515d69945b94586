import Papa from "papaparse";
import { SheetError } from "./sheet-error";
import type { Sheet, SheetRow } from "./types";

// Files into sheets (docs/book-import.md): a CSV is one sheet, each worksheet of an XLSX another (parse-xlsx.ts).
// The header is the first row about as wide as the table (a title above it is skipped); rows that are empty are left out but keep their line numbers,
// so a refused row is named by the line the agent sees in the spreadsheet. Cells are text, trimmed.

/** At most this many rows per sheet and this many columns: a file beyond it is refused, not truncated. */
export const MAX_ROWS = 100_000;
export const MAX_COLUMNS = 200;
/** A cell longer than this is cut here (no field takes more; the field's own check then refuses it). */
export const MAX_CELL = 1_000;

export { SheetError };

const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : String(value);
  return text.trim().slice(0, MAX_CELL);
};

/** Rows searched for the header row: it is the first one at least half as wide as the widest of these. */
const HEADER_WINDOW = 20;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * A sheet built a row at a time, as a file is read: the first rows are held until the header row is
 * known, then each row is kept cut to the headers' width, and the row past MAX_ROWS is refused at once
 * (an XLSX worksheet is read as a stream and stops there, XLSX1).
 */
export class SheetBuilder {
  private head: { cells: string[]; line: number }[] | null = [];
  private headers: string[] = [];
  private readonly body: SheetRow[] = [];

  constructor(readonly name: string) {}

  add(row: readonly unknown[], line: number): void {
    const cells = row.map(cell);
    if (this.head === null) this.addBody(cells, line);
    else {
      this.head.push({ cells, line });
      if (this.head.length === HEADER_WINDOW) this.findHeaders();
    }
  }

  finish(): Sheet {
    if (this.head !== null) this.findHeaders();
    return { name: this.name, headers: this.headers, rows: this.body };
  }

  // The header row: the first row filled at least half as wide as the widest of the first 20 (a title
  // or an export note above the headers is skipped); the rows after it are the first of the body.
  private findHeaders(): void {
    const head = this.head ?? [];
    this.head = null;
    const filled = (row: readonly string[]) => row.reduce((n, c) => n + (c === "" ? 0 : 1), 0);
    const widest = Math.max(0, ...head.map((r) => filled(r.cells)));
    const headerIndex = widest === 0 ? -1 : head.findIndex((r) => filled(r.cells) >= Math.ceil(widest / 2));
    if (headerIndex < 0) return;
    const headers = head[headerIndex]?.cells ?? [];
    while (headers.length > 0 && headers[headers.length - 1] === "") headers.pop();
    if (headers.length > MAX_COLUMNS)
      throw new SheetError(
        `${this.name}: the header row is wider than the ${MAX_COLUMNS} columns an import reads`,
      );
    this.headers = headers;
    for (const r of head.slice(headerIndex + 1)) this.addBody(r.cells, r.line);
  }

  private addBody(row: string[], line: number): void {
    if (this.headers.length === 0) return;
    const cells = row.slice(0, this.headers.length);
    if (cells.every((c) => c === "")) return;
    while (cells.length < this.headers.length) cells.push("");
    if (this.body.length === MAX_ROWS)
      throw new SheetError(
        `${this.name}: more than the ${count(MAX_ROWS)} rows an import reads at once (split the file)`,
      );
    this.body.push({ line, cells });
  }
}

/** A sheet from its rows of cells (first non-empty row: the headers); `lineOf(i)` is row i's line. */
export function sheetFromRows(
  name: string,
  rows: readonly (readonly unknown[])[],
  lineOf = (i: number) => i + 1,
): Sheet {
  const builder = new SheetBuilder(name);
  for (const [i, row] of rows.entries()) builder.add(row, lineOf(i));
  return builder.finish();
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
