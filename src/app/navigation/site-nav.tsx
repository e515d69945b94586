import { useId } from "react";
import { NavLink } from "react-router";
import type { NavSection } from "./nav-model";

/** The navigation links, by section; used in the sidebar and in the mobile drawer. */
export function SiteNav({
  sections,
  onNavigate,
}: {
  sections: readonly NavSection[];
  onNavigate?: () => void;
}) {
  // The sidebar and the drawer both render this; their heading ids must differ.
  const id = useId();
  return (
    <nav aria-label="Main" className="site-nav">
      {sections.map((section) => (
        <div key={section.id} className="site-nav__section">
          <h2 className="site-nav__heading" id={`${id}-${section.id}`}>
            {section.label}
          </h2>
          <ul aria-labelledby={`${id}-${section.id}`} className="site-nav__list">
            {section.items.map((item) => (
              <li key={item.id}>
                <NavLink to={item.to} end className="site-nav__link" onClick={onNavigate}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
