import { Link } from "react-router";
import { AccountMenu } from "../navigation/account-menu";
import { MobileNav } from "../navigation/mobile-nav";
import type { NavSection } from "../navigation/nav-model";

export function AppHeader({ sections }: { sections: readonly NavSection[] }) {
  return (
    <header className="app-header">
      <div className="app-header__start">
        <div className="app-header__mobile-nav">
          <MobileNav sections={sections} />
        </div>
        <Link to="/" className="app-header__brand">
          <img src="/icons/mark.svg" alt="" width="28" height="28" />
          <span>Rangeline</span>
        </Link>
      </div>
      <AccountMenu />
    </header>
  );
}
