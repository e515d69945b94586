import { Field } from "./field";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { parseTaxIdType, TAX_ID_FORMAT, TAX_ID_TYPE_OPTIONS, type TaxIdDraft } from "./tax-id-draft";
import { type FieldIssues, NO_ISSUES } from "./zod-issues";

export interface TaxIdFieldProps {
  /** e.g. "Tax id", "Spouse's tax id". */
  label: string;
  /** Label of the type select; default "{label} type". */
  typeLabel?: string;
  value: TaxIdDraft;
  onChange(next: TaxIdDraft): void;
  issues?: FieldIssues;
  /** Paths of the type and the id: their issues are shown under each. */
  typePath?: string;
  valuePath?: string;
  /** The masked id on file ("•••-••-6789"): a blank field keeps it. */
  onFile?: string;
  presence?: FormPresence;
  disabled?: boolean;
}

/** Tax id type (1 SSN, 2 EIN, 3 RMA Issued, 5 BIA) and the id, with the format the type expects. */
export function TaxIdField({
  label,
  typeLabel = `${label} type`,
  value,
  onChange,
  issues = NO_ISSUES,
  typePath = "taxIdType",
  valuePath = "taxId",
  onFile,
  presence = NO_PRESENCE,
  disabled,
}: TaxIdFieldProps) {
  const focus = (path: string) => ({
    onFocus: () => presence.focus(path),
    onBlur: () => presence.focus(null),
  });
  const hint = onFile
    ? `On file: ${onFile}. Leave blank to keep it. ${TAX_ID_FORMAT[value.type]}.`
    : `${TAX_ID_FORMAT[value.type]}.`;
  return (
    <div className="book-form__row">
      <Field label={`${label} type`} path={typePath} issues={issues} editors={presence.editorsAt(typePath)}>
        <select
          className="book-input"
          value={String(value.type)}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, type: parseTaxIdType(e.target.value) ?? value.type })}
          {...focus(typePath)}
        >
          {TAX_ID_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={label}
        path={valuePath}
        issues={issues}
        hint={hint}
        editors={presence.editorsAt(valuePath)}
      >
        <input
          className="book-input"
          value={value.value}
          disabled={disabled}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange({ ...value, value: e.target.value })}
          {...focus(valuePath)}
        />
      </Field>
    </div>
  );
}
