import { ROLES, type Role } from "./roles";

// Spec §2 (screens and routes) and §6 (roles and permissions) as data. The React router builds its
// routes from ROUTES; the server reads the same table to decide what a role may open.
//
// How the spec's wordings in the Roles column are read:
// - "not restricted"  -> open to everyone, signed in or not.
// - "none restricted" -> the same (only /insurance/apply uses this wording).
// - "empty role list" -> the same: no role is required (only /profile). The page itself shows what
//                        it can for a signed-out visitor; the policy does not gate it.
// - "public"          -> the same (the unsubscribe link from a campaign e-mail).
// - a list of roles   -> open to a signed-in user holding at least one of them.
// Paths use the router's `:param` syntax where the spec writes `{param}`. Rows of §2 that list
// several paths ("/create", "/{campaignId}/edit") are expanded into one route each; `group` keeps the
// row's "Title / purpose" text verbatim, `title` names the single screen.

export type OpenWording = "not restricted" | "none restricted" | "empty role list" | "public";

export type RouteAccess =
  | { readonly kind: "open"; readonly wording: OpenWording }
  | { readonly kind: "roles"; readonly roles: readonly Role[] };

export interface RouteDefinition {
  readonly id: string;
  /** Router pattern, `:name` for a parameter. */
  readonly path: string;
  /** The parameters of `path`, in order. */
  readonly params: readonly string[];
  /** The screen's title, shown as its heading and the document title. */
  readonly title: string;
  /** The §2 row's "Title / purpose" text, verbatim. */
  readonly group: string;
  readonly access: RouteAccess;
}

const open = (wording: OpenWording): RouteAccess => ({ kind: "open", wording });
const only = (...roles: Role[]): RouteAccess => ({ kind: "roles", roles });

const paramsOf = (path: string): string[] =>
  path
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => segment.slice(1));

const route = (id: string, path: string, title: string, group: string, access: RouteAccess) =>
  ({ id, path, params: paramsOf(path), title, group, access }) as const satisfies RouteDefinition;

const agent = only("agent");

export const ROUTES = [
  route("home", "/", "Home", "Home", open("not restricted")),
  route("apply", "/insurance/apply", "Apply for Coverage", "Apply for Coverage", open("none restricted")),
  route(
    "apply-business",
    "/insurance/apply/business",
    "Business Application",
    "Application by applicant type",
    open("not restricted"),
  ),
  route(
    "apply-individual",
    "/insurance/apply/individual",
    "Individual Application",
    "Application by applicant type",
    open("not restricted"),
  ),
  route("login", "/login/", "Login", "Login flows", open("not restricted")),
  route("silent-login", "/silent-login", "Silent Login", "Login flows", open("not restricted")),
  route("auth-callback", "/auth-callback", "Completing Sign In", "Login flows", open("not restricted")),
  route("auth-sync-user", "/auth-sync-user", "Syncing Your Account", "Login flows", open("not restricted")),
  route("my-coverages", "/insurance/my-coverages", "My Coverages", "My Coverages", only("agent", "customer")),
  route("lrp-quote", "/insurance/lrp-quote", "LRP Quote", "LRP Quote", open("not restricted")),
  route("lgm", "/insurance/lgm", "LGM Quote", "LGM Quote", open("not restricted")),
  route("lgm-quote", "/insurance/lgm/quote", "LGM Quote", "LGM Quote", open("not restricted")),
  route(
    "scenario-analysis",
    "/insurance/lgm/scenario-analysis",
    "Scenario Analysis",
    "Scenario Analysis",
    open("not restricted"),
  ),
  route("media", "/media", "Media", "Media, FAQ, contact", open("not restricted")),
  route("faq", "/faq", "FAQ", "Media, FAQ, contact", open("not restricted")),
  route("contact-us", "/contact-us", "Contact Us", "Media, FAQ, contact", open("not restricted")),
  route("sign-in", "/account/signin", "Sign In", "Sign In", open("not restricted")),
  route("profile", "/profile", "My Profile", "My Profile", open("empty role list")),
  route("settings", "/settings", "Application Settings", "Application Settings", only("admin")),
  route("terms", "/terms-and-conditions", "Terms and Conditions", "Terms", open("not restricted")),
  route(
    "terms-lrp",
    "/terms-and-conditions/lrp",
    "LRP Terms and Conditions",
    "Terms",
    open("not restricted"),
  ),
  route(
    "breakeven-calculator",
    "/breakeven-calculator",
    "Breakeven calculator",
    "Breakeven calculator",
    open("not restricted"),
  ),
  route("api-keys", "/api-keys", "API keys", "API keys", only("partner")),
  route("watchlist", "/insurance/watchlist", "Watchlist", "Watchlist", only("agent", "customer")),
  route("manage-users", "/settings/manage-users", "Manage users", "Manage users", only("admin", "agent")),
  route("tools", "/settings/tools", "Tools", "Tools", only("superAdmin")),
  route("settings-app", "/settings/app", "App Settings", "App and AIP settings", only("admin")),
  route("settings-aip", "/settings/aip", "AIP Settings", "App and AIP settings", only("admin")),
  route("orgs", "/settings/orgs", "Orgs", "Orgs", only("superAdmin")),
  // Not rows of spec §2: commissions (docs/commissions.md) — the rates admins enter, and the lines
  // agents (their own) and admins (everyone's) read and reconcile with the companies' statements.
  route("settings-commissions", "/settings/commissions", "Commission rates", "Commissions", only("admin")),
  route("agent-commissions", "/agent/commissions", "Commissions", "Commissions", only("agent", "admin")),
  route("agent-hub", "/agent", "Agent Hub", "Agent Hub", agent),
  route("agent-customers", "/agent/customers", "Customers", "Users", agent),
  route("agent-policies", "/agent/policies", "Policies", "Policies", agent),
  route("agent-coverages", "/agent/coverages", "Coverages", "Coverages", agent),
  route(
    "lrp-coverage-create",
    "/agent/coverages/lrp/create",
    "Create LRP Coverage",
    "LRP coverage create, view, edit",
    agent,
  ),
  route(
    "lrp-coverage",
    "/agent/coverages/lrp/:coverageId",
    "LRP Coverage",
    "LRP coverage create, view, edit",
    agent,
  ),
  route(
    "lrp-coverage-edit",
    "/agent/coverages/lrp/:coverageId/edit",
    "Edit LRP Coverage",
    "LRP coverage create, view, edit",
    agent,
  ),
  route(
    "lgm-endorsement",
    "/agent/coverages/lgm/:endorsementId",
    "LGM endorsement",
    "LGM endorsement",
    agent,
  ),
  route("quote-campaigns", "/agent/quote-campaigns", "Quote campaigns", "Quote campaigns", agent),
  route(
    "quote-campaign-create",
    "/agent/quote-campaigns/create",
    "Create Quote Campaign",
    "Quote campaigns",
    agent,
  ),
  route(
    "quote-campaign-edit",
    "/agent/quote-campaigns/:campaignId/edit",
    "Edit Quote Campaign",
    "Quote campaigns",
    agent,
  ),
  route("claims", "/agent/claims", "Claims (Beta)", "Claims (Beta)", agent),
  route("claim", "/agent/claims/:claimId", "Claim (Beta)", "Claims (Beta)", agent),
  route("entities", "/agent/entities", "Entities", "Entities", agent),
  // Not a row of spec §2: the book import (docs/book-import.md), an agent's screen like the book's lists.
  route("book-import", "/agent/book-import", "Import book", "Book import", agent),
  route("entity-create", "/agent/entities/create", "Create Entity", "Entities", agent),
  route("entity", "/agent/entities/:entityId", "Entity", "Entities", agent),
  route("entity-action", "/agent/entities/:entityId/:action", "Entity", "Entities", agent),
  route("policy-create", "/agent/policies/create", "Create Policy", "Policy create, view, action", agent),
  route("policy", "/agent/policies/:policyId", "Policy", "Policy create, view, action", agent),
  route("policy-action", "/agent/policies/:policyId/:action", "Policy", "Policy create, view, action", agent),
  route(
    "unsubscribe",
    "/unsubscribe/campaign/:campaignId/:userId",
    "Unsubscribe",
    "Unsubscribe",
    open("public"),
  ),
  // Not a row of spec §2: asking for a campaign's e-mails again, and its confirmation (UNSUB2), reached
  // from the unsubscribe page and from the confirmation e-mail.
  route(
    "resubscribe",
    "/unsubscribe/resubscribe",
    "Receive quote e-mails again",
    "Unsubscribe",
    open("public"),
  ),
] as const;

export type RouteId = (typeof ROUTES)[number]["id"];
export type AppRoute = (typeof ROUTES)[number];

const byId = new Map<string, AppRoute>(ROUTES.map((r) => [r.id, r]));

export function routeById(id: RouteId): AppRoute {
  const found = byId.get(id);
  if (!found) throw new Error(`Unknown route id: ${id}`);
  return found;
}

/**
 * The path of a plan's quote screen with its own address fields set (the links of campaigns and price
 * alerts): `/insurance/lrp-quote?…` or `/insurance/lgm/quote?…`, the fields in the given order.
 */
export function quoteScreenPath(plan: "lrp" | "lgm", fields: Record<string, string>): string {
  return `${routeById(plan === "lrp" ? "lrp-quote" : "lgm-quote").path}?${new URLSearchParams(fields)}`;
}

/** True when a visitor holding `roles` (none when signed out) may open `route`. */
export function canOpen(route: RouteDefinition, roles: readonly Role[]): boolean {
  if (route.access.kind === "open") return true;
  return route.access.roles.some((role) => roles.includes(role));
}

/** True when the route asks for a role, so a signed-out visitor must sign in first. */
export const isRestricted = (route: RouteDefinition): boolean => route.access.kind === "roles";

export interface RouteMatch {
  readonly route: AppRoute;
  readonly params: Readonly<Record<string, string>>;
}

const segmentsOf = (path: string): string[] => path.split("/").filter((s) => s !== "");

/**
 * The route a pathname opens, with its parameters; undefined when none does. A static segment wins
 * over a parameter (`/agent/entities/create` is the create screen, not entity "create"); a trailing
 * slash is ignored. Parameters are URI-decoded.
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const wanted = segmentsOf(pathname);
  let best: { match: RouteMatch; score: number } | undefined;
  for (const candidate of ROUTES) {
    const pattern = segmentsOf(candidate.path);
    if (pattern.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const part = pattern[i] as string;
      const actual = wanted[i] as string;
      if (part.startsWith(":")) {
        try {
          params[part.slice(1)] = decodeURIComponent(actual);
        } catch {
          ok = false;
        }
      } else if (part === actual) {
        score += 1;
      } else {
        ok = false;
      }
    }
    if (ok && (!best || score > best.score)) best = { match: { route: candidate, params }, score };
  }
  return best?.match;
}

// Spec §6, as written: what each role may use, and what has no stated restriction.
export const PERMISSIONS = {
  agent: [
    "agent hub",
    "customers",
    "policies",
    "coverages (LRP, LGM)",
    "quote campaigns",
    "claims",
    "entities",
    "my coverages",
    "watchlist",
    "manage users",
    "commissions",
  ],
  customer: ["my coverages", "watchlist"],
  admin: ["settings", "app settings", "AIP settings", "manage users", "commissions", "commission rates"],
  superAdmin: ["tools", "orgs"],
  partner: ["API keys"],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof PERMISSIONS)[Role][number];

export const UNRESTRICTED_FEATURES = [
  "Apply",
  "profile",
  "lrp-quote",
  "LGM",
  "FAQ",
  "contact",
  "terms",
  "breakeven calculator",
  "sign-in",
  "unsubscribe",
] as const;

/** Which §6 permission (or unrestricted feature) each route belongs to. */
export const ROUTE_FEATURE: Record<RouteId, Permission | (typeof UNRESTRICTED_FEATURES)[number] | null> = {
  home: null,
  apply: "Apply",
  "apply-business": "Apply",
  "apply-individual": "Apply",
  login: "sign-in",
  "silent-login": "sign-in",
  "auth-callback": "sign-in",
  "auth-sync-user": "sign-in",
  "my-coverages": "my coverages",
  "lrp-quote": "lrp-quote",
  lgm: "LGM",
  "lgm-quote": "LGM",
  "scenario-analysis": "LGM",
  media: null,
  faq: "FAQ",
  "contact-us": "contact",
  "sign-in": "sign-in",
  profile: "profile",
  settings: "settings",
  terms: "terms",
  "terms-lrp": "terms",
  "breakeven-calculator": "breakeven calculator",
  "api-keys": "API keys",
  watchlist: "watchlist",
  "manage-users": "manage users",
  tools: "tools",
  "settings-app": "app settings",
  "settings-aip": "AIP settings",
  orgs: "orgs",
  "settings-commissions": "commission rates",
  "agent-commissions": "commissions",
  "agent-hub": "agent hub",
  "agent-customers": "customers",
  "agent-policies": "policies",
  "agent-coverages": "coverages (LRP, LGM)",
  "lrp-coverage-create": "coverages (LRP, LGM)",
  "lrp-coverage": "coverages (LRP, LGM)",
  "lrp-coverage-edit": "coverages (LRP, LGM)",
  "lgm-endorsement": "coverages (LRP, LGM)",
  "quote-campaigns": "quote campaigns",
  "quote-campaign-create": "quote campaigns",
  "quote-campaign-edit": "quote campaigns",
  claims: "claims",
  claim: "claims",
  entities: "entities",
  // The book import brings customers and their records in: the customers feature (agents).
  "book-import": "customers",
  "entity-create": "entities",
  entity: "entities",
  "entity-action": "entities",
  "policy-create": "policies",
  policy: "policies",
  "policy-action": "policies",
  unsubscribe: "unsubscribe",
  resubscribe: "unsubscribe",
};

/** The roles whose §6 permissions include `feature`. */
export const rolesWithPermission = (feature: string): Role[] =>
  ROLES.filter((role) => (PERMISSIONS[role] as readonly string[]).includes(feature));
