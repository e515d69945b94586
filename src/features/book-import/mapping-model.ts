import { IMPORT_FIELDS, type ImportFieldId } from "../../../shared/book/import/fields";
import { guessMapping, type Mapping } from "../../../shared/book/import/mapping";
import type { RecordKind, Sheet } from "../../../shared/book/import/types";
import { type SavedMapping, sourceKey } from "../../../shared/documents/import-log";
import { maskTaxId } from "../../../shared/documents/tax-id";

// The mapping step of the import screen, as data: each sheet's columns mapped to fields — the source's
// saved mapping when the book document has one (same header row, shared/documents/import-log.ts),
// else the guess from the headers — editable, combined into the one mapping the engine plans with, and
// saved back per source once the agent applies the import.

/** One sheet's mapping and where it came from. */
export interface SheetMapping {
  sheet: string;
  source: string;
  headers: readonly string[];
  columns: Record<string, ImportFieldId>;
  /** "saved": the source's mapping from an earlier import (of `savedFrom`); "guessed": from the headers. */
  origin: "saved" | "guessed";
  savedFrom?: string;
  /** File-wide values for fields no column gives (county, provider, entity type…): the mapping's defaults. */
  defaults?: Mapping["defaults"];
  /** One-click fixes and choices, for every row with the same text: the mapping's values. */
  values?: Mapping["values"];
}

/** Each sheet's mapping: the source's saved one (only its columns this sheet has), else the guess. */
export function initialMappings(
  sheets: readonly Sheet[],
  saved: Readonly<Record<string, SavedMapping>>,
): SheetMapping[] {
  return sheets.map((sheet) => {
    const source = sourceKey(sheet.headers);
    const known = saved[source];
    if (known) {
      const columns = Object.fromEntries(
        Object.entries(known.mapping.columns).filter(([header]) => sheet.headers.includes(header)),
      ) as Record<string, ImportFieldId>;
      return {
        sheet: sheet.name,
        source,
        headers: sheet.headers,
        columns,
        origin: "saved",
        savedFrom: known.fileName,
        ...(known.mapping.defaults ? { defaults: known.mapping.defaults } : {}),
        ...(known.mapping.values ? { values: known.mapping.values } : {}),
      };
    }
    return {
      sheet: sheet.name,
      source,
      headers: sheet.headers,
      columns: guessMapping(sheet.headers).columns as Record<string, ImportFieldId>,
      origin: "guessed",
    };
  });
}

/** The sheet's mapping with `header` mapped to `field` (null: ignored); a field is filled by one column. */
export function withColumn(mapping: SheetMapping, header: string, field: ImportFieldId | null): SheetMapping {
  const columns: Record<string, ImportFieldId> = {};
  for (const [h, f] of Object.entries(mapping.columns)) if (h !== header && f !== field) columns[h] = f;
  if (field !== null) columns[header] = field;
  return { ...mapping, columns };
}

/** The one mapping the engine plans all sheets with: every sheet's columns (a header maps to one field). */
export const combinedMapping = (mappings: readonly SheetMapping[]): Mapping => {
  const defaults: NonNullable<Mapping["defaults"]> = Object.assign(
    {},
    ...mappings.map((m) => m.defaults ?? {}),
  );
  const values: NonNullable<Mapping["values"]> = {};
  for (const m of mappings)
    for (const [field, fixes] of Object.entries(m.values ?? {}))
      if (Object.keys(fixes ?? {}).length > 0)
        values[field as ImportFieldId] = { ...values[field as ImportFieldId], ...fixes };
  return {
    version: 1,
    columns: Object.assign({}, ...mappings.map((m) => m.columns)),
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    ...(Object.keys(values).length > 0 ? { values } : {}),
  };
};

/**
 * Every sheet's mapping with a file-wide value for `field` (empty: none): what the screen's "for the whole
 * file" inputs set (GROUP1).
 */
export function withDefault(
  mappings: readonly SheetMapping[],
  field: ImportFieldId,
  value: string,
): SheetMapping[] {
  return mappings.map((m) => {
    const { [field]: _old, ...rest } = m.defaults ?? {};
    const defaults = value.trim() === "" ? rest : { ...rest, [field]: value.trim().slice(0, 200) };
    return { ...m, defaults };
  });
}

/**
 * Every sheet's mapping reading `text` of `field` as `replacement` in every row (a one-click fix or a
 * choice, GROUP1); an empty replacement takes the fix back.
 */
export function withValueFix(
  mappings: readonly SheetMapping[],
  field: ImportFieldId,
  text: string,
  replacement: string,
): SheetMapping[] {
  return mappings.map((m) => {
    const { [text]: _old, ...fixes } = m.values?.[field] ?? {};
    const next =
      replacement.trim() === ""
        ? fixes
        : { ...fixes, [text.slice(0, 200)]: replacement.trim().slice(0, 200) };
    return { ...m, values: { ...m.values, [field]: next } };
  });
}

/** What the book document keeps for the sheet's source once the import is applied. */
export const savedMapping = (
  mapping: SheetMapping,
  fileName: string,
  stamp: { at: string; by: string },
): SavedMapping => ({
  id: mapping.source,
  fileName: fileName.slice(0, 255) || "file",
  headers: mapping.headers.slice(0, 500).map((h) => h.slice(0, 200)),
  mapping: {
    version: 1,
    columns: mapping.columns,
    ...(mapping.defaults && Object.keys(mapping.defaults).length > 0 ? { defaults: mapping.defaults } : {}),
    ...(mapping.values && Object.keys(mapping.values).length > 0 ? { values: mapping.values } : {}),
  },
  updatedAt: stamp.at,
  updatedBy: stamp.by,
});

/** Fields a column can fill, grouped by the record they belong to (the select's option groups). */
export const FIELD_GROUPS: readonly {
  record: RecordKind;
  label: string;
  fields: { id: ImportFieldId; label: string }[];
}[] = (
  [
    ["customer", "Customer"],
    ["entity", "Entity"],
    ["policy", "Policy"],
    ["coverage", "Endorsement"],
  ] as const
).map(([record, label]) => ({
  record,
  label,
  fields: IMPORT_FIELDS.filter((f) => f.record === record).map((f) => ({
    id: f.id as ImportFieldId,
    label: f.label,
  })),
}));

/** Nine digits, with or without the dashes of an SSN (###-##-####) or an EIN (##-#######). */
const TAX_ID_LIKE = /^\s*(\d{3}[- ]?\d{2}[- ]?\d{4}|\d{2}[- ]\d{7})\s*$/;

/**
 * A cell as the mapping step shows it for an example: a tax id — of a column mapped to one, or any cell
 * that looks like one — masked to its last four digits, never whole; long text cut.
 */
export function shownSample(value: string | undefined, field: ImportFieldId | null): string {
  if (value === undefined || value === "") return "—";
  const digits = value.replace(/\D/g, "");
  if (field === "taxId" || TAX_ID_LIKE.test(value)) {
    const last4 = digits.length >= 4 ? digits.slice(-4) : undefined;
    return maskTaxId(/^\s*\d{2}[- ]\d{7}\s*$/.test(value) ? 2 : 1, last4);
  }
  return value.length > 40 ? `${value.slice(0, 39)}…` : value;
}
