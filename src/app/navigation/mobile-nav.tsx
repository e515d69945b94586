import { useState } from "react";
import { Drawer } from "../../components/ui/drawer";
import type { NavSection } from "./nav-model";
import { SiteNav } from "./site-nav";

/** Below 900 px the navigation lives in a drawer opened from the header's menu button. */
export function MobileNav({ sections }: { sections: readonly NavSection[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title="Menu"
      trigger={
        <button type="button" className="app-header__menu-button" aria-label="Open menu">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      }
    >
      <SiteNav sections={sections} onNavigate={() => setOpen(false)} />
    </Drawer>
  );
}
