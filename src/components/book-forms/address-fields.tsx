import {
  type AddressDraft,
  countyOptions,
  incompleteAddressNote,
  STATE_OPTIONS,
  withState,
} from "./address-draft";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { SelectInput, TextInput } from "./inputs";
import { type FormTexts, SharedTextField } from "./shared-text-field";
import { type FieldIssues, NO_ISSUES } from "./zod-issues";

export interface AddressFieldsProps {
  value: AddressDraft;
  onChange(next: AddressDraft): void;
  /** Issues by dotted path; this address's are under `path` ("address.zip"). */
  issues?: FieldIssues;
  path?: string;
  presence?: FormPresence;
  disabled?: boolean;
  /** Whether the county may be left blank (default true; an application needs it). */
  countyOptional?: boolean;
  /** The address must be given (an application): street, city, state, ZIP (and a required county) marked *. */
  required?: boolean;
  /**
   * The shared texts of a co-edited address (docs/sync-rules.md TEXT1): street, line 2 and city are then bound to
   * them (onChange is called for state, county and ZIP only); without, every field is plain.
   */
  texts?: FormTexts;
}

const TEXT_KEYS = ["line1", "line2", "city"] as const;

/** Street, city, state (the region table's states and DC), county of that state, ZIP. */
export function AddressFields({
  value,
  onChange,
  issues = NO_ISSUES,
  path = "address",
  presence = NO_PRESENCE,
  disabled,
  countyOptional = true,
  required = false,
  texts,
}: AddressFieldsProps) {
  const bound = (key: keyof AddressDraft) => ({
    path: `${path}.${key}`,
    issues,
    presence,
    disabled,
    required: required && key !== "line2" && (key !== "county" || !countyOptional),
    value: value[key],
  });
  const set = (key: keyof AddressDraft) => (text: string) => onChange({ ...value, [key]: text });
  const text = (key: (typeof TEXT_KEYS)[number], label: string, autoComplete: string) =>
    texts ? (
      <SharedTextField
        label={label}
        {...bound(key)}
        shared={texts(`${path}.${key}`)}
        fallback={value[key]}
        autoComplete={autoComplete}
      />
    ) : (
      <TextInput label={label} {...bound(key)} onChange={set(key)} autoComplete={autoComplete} />
    );
  const counties = countyOptions(value.state);
  const incomplete = incompleteAddressNote(value);
  return (
    <div className="book-address">
      {incomplete ? (
        <p className="book-field__incomplete" role="status" data-testid="address-incomplete">
          {incomplete}
        </p>
      ) : null}
      {text("line1", "Street address", "address-line1")}
      {text("line2", "Address line 2 (optional)", "address-line2")}
      {text("city", "City", "address-level2")}
      <div className="book-form__row">
        <SelectInput
          label="State"
          {...bound("state")}
          onChange={(state) => onChange(withState(value, state))}
          options={STATE_OPTIONS}
          placeholder="Choose a state"
        />
        <SelectInput
          label={countyOptional ? "County (optional)" : "County"}
          {...bound("county")}
          disabled={disabled || counties.length === 0}
          onChange={set("county")}
          options={counties}
          placeholder={value.state ? "Choose a county" : "Choose a state first"}
        />
      </div>
      <TextInput
        label="ZIP code"
        {...bound("zip")}
        onChange={set("zip")}
        inputMode="numeric"
        autoComplete="postal-code"
      />
    </div>
  );
}
