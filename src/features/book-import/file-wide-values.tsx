import { useState } from "react";
import { type ImportFieldId, importField } from "../../../shared/book/import/fields";
import type { Mapping } from "../../../shared/book/import/mapping";
import { Button } from "../../components/ui/button";

// Values for the whole file (GROUP1, docs/book-import.md "One pass"): a field an agency's own list rarely has
// a column for — the county, the insurance provider, the entity type, the state of the policies, or an
// endorsement's sales date and SCE figures — given once on the screen for every row that does not give it
// (the mapping's defaults, saved with the source's mapping).

export const FILE_WIDE_FIELDS: readonly ImportFieldId[] = ["county", "provider", "entityType", "policyState"];

/** What a value of the field looks like, shown in its empty box (here and in the Needs details panel). */
export const FIELD_HINTS: Partial<Record<ImportFieldId, string>> = {
  county: "a 5-digit code or the county's name, e.g. Custer",
  provider: "e.g. Rain and Hail, NAU Country",
  entityType: "e.g. Individual, LLC, Corporation",
  policyState: "e.g. NE",
  salesDate: "as on the SCE, e.g. 04/30/2026",
  coveragePrice: "dollars per cwt, e.g. 345.20",
  subsidy: "dollars, e.g. 1,156",
  marketingsByMonth: "head per month of the period, from the first, e.g. 0; 100; 100",
};

export function FileWideValues({
  fields = FILE_WIDE_FIELDS,
  defaults,
  onApply,
  busy,
  title = "Values for the whole file",
  note = "For rows whose file has no column for them. A column's own value always wins.",
}: {
  fields?: readonly ImportFieldId[];
  defaults: Mapping["defaults"];
  onApply(values: Partial<Record<ImportFieldId, string>>): void;
  busy: boolean;
  title?: string;
  note?: string;
}) {
  const [draft, setDraft] = useState<Partial<Record<ImportFieldId, string>>>(() =>
    Object.fromEntries(fields.map((f) => [f, defaults?.[f] ?? ""])),
  );
  return (
    <fieldset className="book-import__file-wide" data-testid="file-wide-values">
      <legend>{title}</legend>
      <p className="book-import__muted">{note}</p>
      <div className="book-import__file-wide-fields">
        {fields.map((field) => (
          <label key={field} className="book-field">
            <span className="book-field__label">{importField(field).label}</span>
            <input
              className="book-input"
              value={draft[field] ?? ""}
              placeholder={FIELD_HINTS[field]}
              onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      <Button variant="secondary" disabled={busy} onClick={() => onApply(draft)}>
        Use for every row and check again
      </Button>
    </fieldset>
  );
}
