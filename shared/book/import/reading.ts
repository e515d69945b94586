// What a value reader answers (docs/book-import.md §Reading values), shared by the readers (values.ts)
// and the planner that groups their answers for the agent:
//
//   { ok: true, value }                    the cell means `value`;
//   { ok: true, value, note }              …and the agent should know how it was read (a masked tax id
//                                          is read as "no tax id given": value null, note says so);
//   { ok: false, message }                 the cell means nothing the field can hold (`message` is the
//                                          sentence after "row 7, Column: ");
//   { ok: false, message, ambiguous }      the cell could mean two or more things (type "Steers":
//                                          Steers Weight 1 or Steers Weight 2). `ambiguous.candidates`
//                                          lists them, each with the value the reader would return and
//                                          the label an agent knows it by. Ask once per file and field:
//                                          the answer goes in the mapping's `values` (mapping.ts,
//                                          `chosenText`), so every row with the same text reads the
//                                          chosen value. Left unanswered, it is a refusal like any other.
//
// `key` is how cells are compared when grouped: `valueKey(text)` — without case, spacing or punctuation.

export interface Choice<T> {
  value: T;
  /** How the agent knows it ("Steers Weight 1 (809)"). */
  label: string;
}

export interface Ambiguity<T> {
  /** The cell's text as written. */
  text: string;
  candidates: Choice<T>[];
}

export type Reading<T> =
  | { ok: true; value: T; note?: string }
  | { ok: false; message: string; ambiguous?: Ambiguity<T> };

/** A cell's text as compared when values are grouped or looked up: lower case, letters and digits. */
export const valueKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, "");
