import type { FormPresence } from "./form-presence";
import { SelectInput, TextInput } from "./inputs";
import { parseTaxIdType, TAX_ID_FORMAT, TAX_ID_TYPE_OPTIONS, type TaxIdDraft } from "./tax-id-draft";
import type { FieldIssues } from "./zod-issues";

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
  /** The record needs a tax id: both fields marked * (the id only while none is on file). */
  required?: boolean;
}

const TYPE_OPTIONS = TAX_ID_TYPE_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }));

/** Tax id type (1 SSN, 2 EIN, 3 RMA Issued, 5 BIA) and the id, with the format the type expects. */
export function TaxIdField({
  label,
  typeLabel = `${label} type`,
  value,
  onChange,
  issues,
  typePath = "taxIdType",
  valuePath = "taxId",
  onFile,
  presence,
  disabled,
  required = false,
}: TaxIdFieldProps) {
  const hint = onFile
    ? `On file: ${onFile}. Leave blank to keep it. ${TAX_ID_FORMAT[value.type]}.`
    : `${TAX_ID_FORMAT[value.type]}.`;
  return (
    <div className="book-form__row">
      <SelectInput
        label={typeLabel}
        path={typePath}
        issues={issues}
        presence={presence}
        disabled={disabled}
        required={required}
        value={String(value.type)}
        onChange={(type) => onChange({ ...value, type: parseTaxIdType(type) ?? value.type })}
        options={TYPE_OPTIONS}
      />
      <TextInput
        label={label}
        path={valuePath}
        issues={issues}
        presence={presence}
        disabled={disabled}
        required={required && !onFile}
        hint={hint}
        value={value.value}
        onChange={(text) => onChange({ ...value, value: text })}
        inputMode="numeric"
        spellCheck={false}
      />
    </div>
  );
}
