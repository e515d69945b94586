import type { ReactNode } from "react";
import { Drawer } from "../../components/ui/drawer";
import type { NavSection } from "./nav-model";
import { SiteNav } from "./site-nav";

/** The navigation drawer (Ark UI's Dialog), loaded when the menu button is first pressed. */
export default function MobileDrawer({
  sections,
  open,
  onOpenChange,
  trigger,
}: {
  sections: readonly NavSection[];
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: ReactNode;
}) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Menu" trigger={trigger}>
      <SiteNav sections={sections} onNavigate={() => onOpenChange(false)} />
    </Drawer>
  );
}
