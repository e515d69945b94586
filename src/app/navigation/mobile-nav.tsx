import { type ComponentPropsWithoutRef, forwardRef, lazy, Suspense, useState } from "react";
import type { NavSection } from "./nav-model";

// The drawer's code (Ark UI's Dialog, focus trap, scroll lock) loads on the first press of the menu
// button; until then the button is a plain button that asks for it and opens the drawer once it is in.
const MobileDrawer = lazy(() => import("./mobile-drawer"));

const MenuButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<"button">>(
  function MenuButton(props, ref) {
    return (
      <button ref={ref} type="button" className="app-header__menu-button" aria-label="Open menu" {...props}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    );
  },
);

/** Below 900 px the navigation lives in a drawer opened from the header's menu button. */
export function MobileNav({ sections }: { sections: readonly NavSection[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const first = (
    <MenuButton
      onClick={() => {
        setWanted(true);
        setOpen(true);
      }}
    />
  );
  if (!wanted) return first;
  return (
    <Suspense fallback={first}>
      <MobileDrawer sections={sections} open={open} onOpenChange={setOpen} trigger={<MenuButton />} />
    </Suspense>
  );
}
