import { SegmentGroup } from "@ark-ui/react/segment-group";

// A small set of mutually exclusive choices (unit basis, amount or percent), on Ark UI's SegmentGroup
// (a radio group underneath: arrow keys move, the label names it).

export interface SegmentedProps<V extends string> {
  label: string;
  value: V;
  onChange(value: V): void;
  options: readonly { value: V; label: string }[];
}

export function Segmented<V extends string>({ label, value, onChange, options }: SegmentedProps<V>) {
  return (
    <SegmentGroup.Root
      className="segmented"
      value={value}
      orientation="horizontal"
      onValueChange={(d) => {
        if (d.value) onChange(d.value as V);
      }}
    >
      <SegmentGroup.Label className="field__label">{label}</SegmentGroup.Label>
      <div className="segmented__items">
        {options.map((o) => (
          <SegmentGroup.Item key={o.value} value={o.value} className="segmented__item">
            <SegmentGroup.ItemText>{o.label}</SegmentGroup.ItemText>
            <SegmentGroup.ItemControl />
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </div>
    </SegmentGroup.Root>
  );
}
