import { type ImportFieldId, importField } from "./fields";
import type { Ambiguity, Reading } from "./reading";
import type { RowProblem } from "./types";

// One row's cells by field, and the problems found in it, each said as the report says them:
// "row 17, Head: 13,000 is over the 12,000 per endorsement limit" (the column's header as in the file).
// A reader's note (a masked tax id read as none given) is kept in `notes`, said the same way; a value
// that could mean two things is a problem too, and its candidates are kept in `ambiguities` for the
// planner to ask once for the file (reading.ts).

/** A value of the row that could mean two things: the field, its column and the candidates. */
export interface RowAmbiguity extends Ambiguity<unknown> {
  field: ImportFieldId;
  column: string | null;
}

export interface Cell {
  text: string;
  /** The column's header; null for a mapping default. */
  column: string | null;
}

export class RowReader {
  readonly problems: RowProblem[] = [];
  /** What the agent should know of how a value was read; not a refusal. */
  readonly notes: RowProblem[] = [];
  readonly ambiguities: RowAmbiguity[] = [];

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
  read<T>(id: ImportFieldId, reader: (text: string) => Reading<T>): T | undefined {
    const cell = this.cells.get(id);
    if (!cell) return undefined;
    const read = reader(cell.text);
    if (read.ok) {
      if (read.note) this.note(id, read.note);
      return read.value;
    }
    if (!read.ambiguous) {
      this.refuse(id, read.message);
      return undefined;
    }
    this.ambiguities.push({ ...read.ambiguous, field: id, column: cell.column });
    // The choices are texts the reader reads as the candidate (a code: "809", "R", "nau"), for mapping.values.
    const choices = read.ambiguous.candidates.map((c) => ({ value: String(c.value), label: c.label }));
    this.problems.push({ ...this.said(id, read.message), choices });
    return undefined;
  }

  /** Notes a problem of the row, at the field's column (or the field's name, or the row's). */
  refuse(id: ImportFieldId | null, message: string): void {
    this.problems.push(this.said(id, message));
  }

  /** Notes how a value of the row was read (not a refusal), said as a problem is. */
  note(id: ImportFieldId | null, message: string): void {
    this.notes.push(this.said(id, message));
  }

  private said(id: ImportFieldId | null, message: string): RowProblem {
    const column = id ? (this.cells.get(id)?.column ?? null) : null;
    const where = id ? (column ?? importField(id).label) : null;
    const row = `${this.named ? `${this.sheet}, ` : ""}row ${this.line}`;
    return {
      sheet: this.sheet,
      line: this.line,
      column,
      field: id,
      message: `${row}${where ? `, ${where}` : ""}: ${message}`,
    };
  }
}
