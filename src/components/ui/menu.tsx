import { Menu as ArkMenu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import "./menu.css";

export interface MenuAction {
  value: string;
  label: ReactNode;
  onSelect(): void;
}

export interface MenuProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible label of the trigger button. */
  label: string;
  /** Text shown above the items (e.g. who is signed in). */
  heading?: ReactNode;
  items: readonly MenuAction[];
}

/** A drop-down menu of actions, built on Ark UI's Menu. */
export function Menu({ trigger, label, heading, items }: MenuProps) {
  return (
    <ArkMenu.Root positioning={{ placement: "bottom-end" }}>
      <ArkMenu.Trigger className="menu__trigger" aria-label={label}>
        {trigger}
      </ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner>
          <ArkMenu.Content className="menu__content">
            {heading ? <div className="menu__heading">{heading}</div> : null}
            {items.map((item) => (
              <ArkMenu.Item
                key={item.value}
                value={item.value}
                className="menu__item"
                onSelect={item.onSelect}
              >
                {item.label}
              </ArkMenu.Item>
            ))}
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  );
}
