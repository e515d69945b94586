import { Portal } from "@ark-ui/react/portal";
import { Select as ArkSelect, createListCollection } from "@ark-ui/react/select";
import { useMemo } from "react";
import "./select.css";

// A choice of a few values, built on Ark UI's Select (keyboard, typeahead, screen readers), styled as the
// app's inputs. Its label is visible and tied to the trigger.

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  disabled?: boolean;
  /** On the trigger (tests, e2e). */
  "data-testid"?: string;
}

export function Select({ label, value, options, onChange, disabled, ...rest }: SelectProps) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <ArkSelect.Root
      className="select"
      collection={collection}
      value={[value]}
      disabled={disabled}
      positioning={{ sameWidth: true }}
      onValueChange={(d) => {
        const next = d.value[0];
        if (next !== undefined && next !== value) onChange(next);
      }}
    >
      <ArkSelect.Label className="select__label">{label}</ArkSelect.Label>
      <ArkSelect.Control>
        <ArkSelect.Trigger className="select__trigger" data-testid={rest["data-testid"]}>
          <ArkSelect.ValueText />
          <ArkSelect.Indicator className="select__indicator" aria-hidden="true">
            ▾
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      <Portal>
        <ArkSelect.Positioner>
          <ArkSelect.Content className="select__content">
            {collection.items.map((item) => (
              <ArkSelect.Item key={item.value} item={item} className="select__item">
                <ArkSelect.ItemText>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator aria-hidden="true">✓</ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
