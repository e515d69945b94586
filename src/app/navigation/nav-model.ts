import type { Role } from "../../../shared/access/roles";
import { canOpen, type RouteId, routeById } from "../../../shared/access/routes";

// What the navigation offers, by section. Only routes the visitor may open are shown (route policy
// in shared/access/routes.ts); screens with parameters (a coverage, a claim) are reached from their
// lists, not from the navigation.

interface SectionSpec {
  readonly id: string;
  readonly label: string;
  readonly routes: readonly RouteId[];
  /** Shown only to a signed-in visitor even when its routes are open (e.g. the profile). */
  readonly signedInOnly?: boolean;
}

const SECTIONS: readonly SectionSpec[] = [
  {
    id: "quotes",
    label: "Quotes",
    routes: ["home", "lrp-quote", "lgm", "scenario-analysis", "breakeven-calculator", "apply"],
  },
  { id: "mine", label: "My account", routes: ["my-coverages", "watchlist", "api-keys"] },
  { id: "profile", label: "Profile", routes: ["profile"], signedInOnly: true },
  {
    id: "agent",
    label: "Agent",
    routes: [
      "agent-hub",
      "agent-customers",
      "agent-policies",
      "agent-coverages",
      "quote-campaigns",
      "claims",
      "entities",
      "book-import",
      "agent-commissions",
    ],
  },
  {
    id: "settings",
    label: "Settings",
    routes: [
      "settings",
      "settings-app",
      "settings-aip",
      "settings-commissions",
      "manage-users",
      "tools",
      "orgs",
    ],
  },
  { id: "help", label: "Help", routes: ["faq", "media", "contact-us", "terms"] },
];

export interface NavItem {
  readonly id: RouteId;
  readonly label: string;
  readonly to: string;
}

export interface NavSection {
  readonly id: string;
  readonly label: string;
  readonly items: readonly NavItem[];
}

/**
 * The routes an organisation's settings take out of the navigation: the claims screens when its admins
 * turned them off (enableClaimsUi false; NAV1). Unset keeps them.
 */
export const hiddenBySettings = (settings: Record<string, unknown> | null): ReadonlySet<RouteId> =>
  new Set<RouteId>(settings?.enableClaimsUi === false ? ["claims", "claim"] : []);

/** The navigation for a visitor: sections with at least one route they may open (and not `hidden`). */
export function navigationFor(
  roles: readonly Role[],
  signedIn: boolean,
  hidden: ReadonlySet<RouteId> = new Set(),
): NavSection[] {
  const sections: NavSection[] = [];
  for (const section of SECTIONS) {
    if (section.signedInOnly && !signedIn) continue;
    const items = section.routes
      .map((id) => routeById(id))
      .filter((route) => canOpen(route, signedIn ? roles : []) && !hidden.has(route.id))
      .map((route) => ({ id: route.id, label: route.title, to: route.path }));
    if (items.length > 0) sections.push({ id: section.id, label: section.label, items });
  }
  // The profile joins "My account" when that section exists, so the menu stays short.
  const mine = sections.find((s) => s.id === "mine");
  const profile = sections.find((s) => s.id === "profile");
  if (mine && profile) {
    return sections
      .filter((s) => s !== profile)
      .map((s) => (s === mine ? { ...s, items: [...s.items, ...profile.items] } : s));
  }
  return sections.map((s) => (s === profile ? { ...s, label: "My account" } : s));
}
