import { useId } from "react";

// One filter of a list page: a labelled select whose first option ("All …", value "") shows everything.

export interface FilterOption {
  value: string;
  label: string;
}

export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly FilterOption[];
}) {
  // The label is tied by id, not by wrapping: a wrapped select's name would include its chosen option.
  const id = useId();
  return (
    <div className="record-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The plan filter's options (the book's two plans). */
export const PLAN_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: "lrp", label: "LRP" },
  { value: "lgm", label: "LGM" },
];
