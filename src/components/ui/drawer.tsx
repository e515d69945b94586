import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import "./drawer.css";

export interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Accessible name of the panel. */
  title: string;
  /** The button that opens the drawer. */
  trigger: ReactNode;
  children: ReactNode;
}

/** A panel that slides in from the left (the mobile navigation), built on Ark UI's Dialog. */
export function Drawer({ open, onOpenChange, title, trigger, children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className="drawer__backdrop" />
        <Dialog.Positioner className="drawer__positioner">
          <Dialog.Content className="drawer__content">
            <div className="drawer__header">
              <Dialog.Title className="drawer__title">{title}</Dialog.Title>
              <Dialog.CloseTrigger className="drawer__close" aria-label="Close menu">
                <span aria-hidden="true">×</span>
              </Dialog.CloseTrigger>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
