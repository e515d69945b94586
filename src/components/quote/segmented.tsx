import { useId } from "react";

// A small set of mutually exclusive choices (unit basis, amount or percent): a radio group of native
// radio buttons drawn as one row of segments (arrow keys move and choose, as in any radio group; the
// label names the group). Native, not Ark UI's SegmentGroup: on the first LRP quote screen that was
// the only Ark UI part, ~13 KB gzipped of zag runtime for one control (docs/first-visit.md).

export interface SegmentedProps<V extends string> {
  label: string;
  value: V;
  onChange(value: V): void;
  options: readonly { value: V; label: string }[];
}

export function Segmented<V extends string>({ label, value, onChange, options }: SegmentedProps<V>) {
  const id = useId();
  return (
    <div className="segmented" role="radiogroup" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        {label}
      </span>
      <div className="segmented__items">
        {options.map((o) => (
          <label
            key={o.value}
            className="segmented__item"
            data-state={o.value === value ? "checked" : "unchecked"}
          >
            <input
              type="radio"
              className="segmented__input"
              name={id}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
            />
            {o.label}
          </label>
        ))}
      </div>
    </div>
  );
}
