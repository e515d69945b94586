import { z } from "zod";
import { headerKey, IMPORT_FIELD_IDS, IMPORT_FIELDS, type ImportFieldId } from "./fields";
import { valueKey } from "./reading";

// A mapping says which column fills which field (docs/book-import.md). The agent confirms it once per source;
// the screen saves it and reuses it, the command line reads it from --mapping MAP.json. One schema.

export const mappingSchema = z.strictObject({
  version: z.literal(1),
  /** Column header as in the file → field. Columns not listed are ignored. */
  columns: z.record(z.string().min(1).max(200), z.enum(IMPORT_FIELD_IDS)),
  /** A value for a field no column gives, for every row (e.g. the provider of a whole AIP export). */
  defaults: z.partialRecord(z.enum(IMPORT_FIELD_IDS), z.string().max(200)).optional(),
  /**
   * The agent's answer for a value that could mean two things (reading.ts `ambiguous`), or a one-click
   * fix, for the whole file: field → the cell's text as written → the text to read instead
   * ({ type: { "Steers": "809" } }). Matched without case, spacing or punctuation (`chosenText`).
   */
  values: z
    .partialRecord(z.enum(IMPORT_FIELD_IDS), z.record(z.string().min(1).max(200), z.string().max(200)))
    .optional(),
});
export type Mapping = z.infer<typeof mappingSchema>;

const SYNONYMS = new Map<string, ImportFieldId>();
for (const f of IMPORT_FIELDS)
  for (const h of f.headers) if (!SYNONYMS.has(headerKey(h))) SYNONYMS.set(headerKey(h), f.id);

/**
 * The mapping guessed from a sheet's headers: a header that is one of a field's known names maps to it
 * (first such column wins, so no field is filled twice); others are left out for the agent to map.
 * @example guessMapping(["Insured Name", "SSN/EIN", "Policy #", "Head"]).columns
 *   // { "Insured Name": "customerName", "SSN/EIN": "taxId", "Policy #": "policyNumber", Head: "head" }
 */
export function guessMapping(headers: readonly string[]): Mapping {
  const columns: Record<string, ImportFieldId> = {};
  const taken = new Set<ImportFieldId>();
  for (const header of headers) {
    const id = SYNONYMS.get(headerKey(header));
    if (!id || taken.has(id) || header.trim() === "" || header.length > 200 || Object.hasOwn(columns, header))
      continue;
    columns[header] = id;
    taken.add(id);
  }
  return { version: 1, columns };
}

/**
 * The text a cell of `field` is read as: the mapping's chosen value for that text (`values`), else the
 * cell's own text.
 * @example chosenText({ version: 1, columns: {}, values: { type: { Steers: "809" } } }, "type", "STEERS") // "809"
 */
export function chosenText(mapping: Mapping, field: ImportFieldId, text: string): string {
  const chosen = mapping.values?.[field];
  if (!chosen) return text;
  const wanted = valueKey(text);
  for (const [written, value] of Object.entries(chosen)) if (valueKey(written) === wanted) return value;
  return text;
}
