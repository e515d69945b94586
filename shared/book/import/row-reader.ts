import { type ImportFieldId, importField } from "./fields";
import type { RowProblem } from "./types";
import type { Read } from "./values";

// One row's cells by field, and the problems found in it, each said as the report says them:
// "row 17, Head: 13,000 is over the 12,000 per endorsement limit" (the column's header as in the file).

export interface Cell {
  text: string;
  /** The column's header; null for a mapping default. */
  column: string | null;
}

export class RowReader {
  readonly problems: RowProblem[] = [];

  constructor(
    readonly sheet: string,
    readonly line: number,
    private readonly cells: ReadonlyMap<ImportFieldId, Cell>,
    /** Put the sheet's name before the row in messages (a workbook of several sheets). */
    private readonly named: boolean,
  ) {}

  get empty(): boolean {
    return this.cells.size === 0;
  }

  has(id: ImportFieldId): boolean {
    return this.cells.has(id);
  }

  text(id: ImportFieldId): string | undefined {
    return this.cells.get(id)?.text;
  }

  /** The field's value read by `reader`, or undefined (absent, or refused: the problem is noted). */
  read<T>(id: ImportFieldId, reader: (text: string) => Read<T>): T | undefined {
    const cell = this.cells.get(id);
    if (!cell) return undefined;
    const read = reader(cell.text);
    if (read.ok) return read.value;
    this.refuse(id, read.message);
    return undefined;
  }

  /** Notes a problem of the row, at the field's column (or the field's name, or the row's). */
  refuse(id: ImportFieldId | null, message: string): void {
    const column = id ? (this.cells.get(id)?.column ?? null) : null;
    const where = id ? (column ?? importField(id).label) : null;
    const row = `${this.named ? `${this.sheet}, ` : ""}row ${this.line}`;
    this.problems.push({
      sheet: this.sheet,
      line: this.line,
      column,
      field: id,
      message: `${row}${where ? `, ${where}` : ""}: ${message}`,
    });
  }
}
