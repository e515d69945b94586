import { useState } from "react";
import { type ImportFieldId, importField } from "../../../shared/book/import/fields";
import { groupHeading, type ProblemGroup } from "../../../shared/book/import/problem-groups";
import { Button } from "../../components/ui/button";

// The dry run's problems, every one of every row at once, grouped by kind (GROUP1): "12 rows: Type "Steers
// Wt 1" — not a Feeder Cattle type: …". A value's group has a one-click fix for every row with the same
// text (a choice when the reader found two meanings, else the text to read instead); a field no column
// gives has one value for the whole file. Both go in the mapping and are saved with it.

/** Groups listed; the rest are counted (every problem is in the CSV download). */
const SHOWN_GROUPS = 50;

export function ProblemList({
  groups,
  busy,
  onFixValue,
  onFileWide,
}: {
  groups: readonly ProblemGroup[];
  busy: boolean;
  onFixValue(field: ImportFieldId, text: string, replacement: string): void;
  onFileWide(field: ImportFieldId, value: string): void;
}) {
  return (
    <ol className="book-import__groups" data-testid="problem-groups">
      {groups.slice(0, SHOWN_GROUPS).map((group) => (
        <li key={group.key} data-testid="problem-group">
          <p>{groupHeading(group)}</p>
          <GroupFix group={group} busy={busy} onFixValue={onFixValue} onFileWide={onFileWide} />
          <p className="book-import__muted">
            {group.rows.length > 1
              ? `Rows ${group.rows
                  .slice(0, 12)
                  .map((r) => r.line)
                  .join(", ")}${group.rows.length > 12 ? ", …" : ""}`
              : null}
          </p>
        </li>
      ))}
      {groups.length > SHOWN_GROUPS ? (
        <li className="book-import__muted">and {groups.length - SHOWN_GROUPS} more kinds (see the CSV)</li>
      ) : null}
    </ol>
  );
}

function GroupFix({
  group,
  busy,
  onFixValue,
  onFileWide,
}: {
  group: ProblemGroup;
  busy: boolean;
  onFixValue(field: ImportFieldId, text: string, replacement: string): void;
  onFileWide(field: ImportFieldId, value: string): void;
}) {
  const [text, setText] = useState("");
  const { field, value } = group;
  if (!field || field.startsWith("taxId")) return null;
  const label = importField(field).label;
  const rows = group.rows.length === 1 ? "the row" : `all ${group.rows.length} rows`;
  if (value !== undefined && group.choices?.length)
    return (
      <fieldset className="book-import__fix">
        <legend className="visually-hidden">What {JSON.stringify(value)} means</legend>
        {group.choices.map((choice) => (
          <Button
            key={choice.value}
            variant="secondary"
            disabled={busy}
            onClick={() => onFixValue(field, value, choice.value)}
          >
            {choice.label}
          </Button>
        ))}
      </fieldset>
    );
  const fixesValue = value !== undefined;
  return (
    <form
      className="book-import__fix"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim() === "") return;
        if (fixesValue) onFixValue(field, value, text);
        else onFileWide(field, text);
      }}
    >
      <label className="book-field">
        <span className="book-field__label">
          {fixesValue ? `Read ${JSON.stringify(value)} as` : `${label} for the whole file`}
        </span>
        <input className="book-input" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" disabled={busy || text.trim() === ""}>
        Apply to {rows}
      </Button>
    </form>
  );
}
