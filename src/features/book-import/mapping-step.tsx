import type { ImportFieldId } from "../../../shared/book/import/fields";
import type { Sheet } from "../../../shared/book/import/types";
import { FIELD_GROUPS, type SheetMapping, shownSample } from "./mapping-model";

// The mapping step: for each sheet, each column of the file with an example from its first row (a tax
// id masked) and the field it fills, which the agent can change. Where the mapping came from (saved
// from an earlier file of the same source, or guessed from the headers) is said above the table.

export interface MappingStepProps {
  sheets: readonly Sheet[];
  mappings: readonly SheetMapping[];
  onChange(sheetIndex: number, header: string, field: ImportFieldId | null): void;
}

export function MappingStep({ sheets, mappings, onChange }: MappingStepProps) {
  return (
    <div className="book-import__mappings">
      {mappings.map((mapping, index) => {
        const sheet = sheets[index];
        if (!sheet) return null;
        const example = sheet.rows[0]?.cells ?? [];
        const mapped = Object.keys(mapping.columns).length;
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: a file's sheets never move, and two files may name theirs alike
            key={`${mapping.sheet}-${index}`}
            className="book-import__sheet"
            aria-labelledby={`sheet-${index}`}
          >
            <h3 id={`sheet-${index}`}>
              {mapping.sheet}{" "}
              <span className="book-import__muted">
                ({sheet.rows.length.toLocaleString("en-US")} rows, {mapped} of {sheet.headers.length} columns
                mapped)
              </span>
            </h3>
            <p className="book-import__muted" data-testid="mapping-origin">
              {mapping.origin === "saved"
                ? `The mapping saved from ${mapping.savedFrom ?? "an earlier file"} (same columns) is used. Change it if needed: it is saved again when you import.`
                : "Columns matched by their headers. Check each one; the mapping is saved for files with these columns when you import."}
            </p>
            <div className="book-import__columns-head" aria-hidden="true">
              <span>Column</span>
              <span>Example (first row)</span>
              <span>Field</span>
            </div>
            <ul className="book-import__columns" aria-label={`Columns of ${mapping.sheet}`}>
              {sheet.headers.map((header, column) => {
                const field = mapping.columns[header] ?? null;
                const selectId = `map-${index}-${column}`;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a sheet's columns never move, and headers may repeat
                  <li key={`${header}-${column}`} className="book-import__column">
                    <label htmlFor={selectId} className="book-import__header">
                      {header || `(column ${column + 1})`}
                    </label>
                    <span id={`${selectId}-example`} className="book-import__example">
                      <span className="visually-hidden">Example: </span>
                      {shownSample(example[column], field)}
                    </span>
                    <select
                      id={selectId}
                      className="book-input"
                      aria-describedby={`${selectId}-example`}
                      value={field ?? ""}
                      disabled={header === ""}
                      onChange={(e) =>
                        onChange(
                          index,
                          header,
                          e.target.value === "" ? null : (e.target.value as ImportFieldId),
                        )
                      }
                    >
                      <option value="">Not imported</option>
                      {FIELD_GROUPS.map((group) => (
                        <optgroup key={group.record} label={group.label}>
                          {group.fields.map((f) => (
                            <option key={f.id} value={f.id}>
                              {f.label}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
