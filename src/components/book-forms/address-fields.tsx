import {
  type AddressDraft,
  countyOptions,
  incompleteAddressNote,
  STATE_OPTIONS,
  withState,
} from "./address-draft";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
import { SelectInput, TextInput } from "./inputs";
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
}

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
  const counties = countyOptions(value.state);
  const incomplete = incompleteAddressNote(value);
  return (
    <div className="book-address">
      {incomplete ? (
        <p className="book-field__incomplete" role="status" data-testid="address-incomplete">
          {incomplete}
        </p>
      ) : null}
      <TextInput
        label="Street address"
        {...bound("line1")}
        onChange={set("line1")}
        autoComplete="address-line1"
      />
      <TextInput
        label="Address line 2 (optional)"
        {...bound("line2")}
        onChange={set("line2")}
        autoComplete="address-line2"
      />
      <TextInput label="City" {...bound("city")} onChange={set("city")} autoComplete="address-level2" />
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
