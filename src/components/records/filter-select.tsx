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
  return (
    <label>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The plan filter's options (the book's two plans). */
export const PLAN_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: "lrp", label: "LRP" },
  { value: "lgm", label: "LGM" },
];
