import { type AddressDraft, countyOptions, STATE_OPTIONS, withState } from "./address-draft";
import { Field } from "./field";
import { type FormPresence, NO_PRESENCE } from "./form-presence";
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
}: AddressFieldsProps) {
  const at = (key: keyof AddressDraft) => `${path}.${key}`;
  const focus = (key: keyof AddressDraft) => ({
    onFocus: () => presence.focus(at(key)),
    onBlur: () => presence.focus(null),
  });
  const text = (key: keyof AddressDraft, label: string, extra: Record<string, string> = {}) => (
    <Field label={label} path={at(key)} issues={issues} editors={presence.editorsAt(at(key))}>
      <input
        className="book-input"
        value={value[key]}
        disabled={disabled}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        {...focus(key)}
        {...extra}
      />
    </Field>
  );
  const counties = countyOptions(value.state);
  return (
    <div className="book-address">
      {text("line1", "Street address", { autoComplete: "address-line1" })}
      {text("line2", "Address line 2 (optional)", { autoComplete: "address-line2" })}
      {text("city", "City", { autoComplete: "address-level2" })}
      <div className="book-form__row">
        <Field label="State" path={at("state")} issues={issues} editors={presence.editorsAt(at("state"))}>
          <select
            className="book-input"
            value={value.state}
            disabled={disabled}
            onChange={(e) => onChange(withState(value, e.target.value))}
            {...focus("state")}
          >
            <option value="">Choose a state</option>
            {STATE_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={countyOptional ? "County (optional)" : "County"}
          path={at("county")}
          issues={issues}
          editors={presence.editorsAt(at("county"))}
        >
          <select
            className="book-input"
            value={value.county}
            disabled={disabled || counties.length === 0}
            onChange={(e) => onChange({ ...value, county: e.target.value })}
            {...focus("county")}
          >
            <option value="">{value.state ? "Choose a county" : "Choose a state first"}</option>
            {counties.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {text("zip", "ZIP code", { inputMode: "numeric", autoComplete: "postal-code" })}
    </div>
  );
}
