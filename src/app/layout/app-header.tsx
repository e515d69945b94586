import { Link } from "react-router";
import { AccountMenu } from "../navigation/account-menu";
import { MobileNav } from "../navigation/mobile-nav";
import type { NavSection } from "../navigation/nav-model";
import { OrganisationBrand } from "../organisation-brand";

export function AppHeader({ sections }: { sections: readonly NavSection[] }) {
  return (
    <header className="app-header">
      <div className="app-header__start">
        <div className="app-header__mobile-nav">
          <MobileNav sections={sections} />
        </div>
        <Link to="/" className="app-header__brand">
          <OrganisationBrand />
        </Link>
      </div>
      <AccountMenu />
    </header>
  );
}
