import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "./roles";
import {
  canOpen,
  isRestricted,
  matchRoute,
  PERMISSIONS,
  ROUTE_FEATURE,
  ROUTES,
  type RouteId,
  rolesWithPermission,
  routeById,
  UNRESTRICTED_FEATURES,
} from "./routes";

// Every path of spec §2, expanded, with the roles the Roles column gives (empty = open to everyone).
const SPEC_TABLE: [path: string, roles: Role[]][] = [
  ["/", []],
  ["/insurance/apply", []],
  ["/insurance/apply/business", []],
  ["/insurance/apply/individual", []],
  ["/login/", []],
  ["/silent-login", []],
  ["/auth-callback", []],
  ["/auth-sync-user", []],
  ["/insurance/my-coverages", ["agent", "customer"]],
  ["/insurance/lrp-quote", []],
  ["/insurance/lgm", []],
  ["/insurance/lgm/quote", []],
  ["/insurance/lgm/scenario-analysis", []],
  ["/media", []],
  ["/faq", []],
  ["/contact-us", []],
  ["/account/signin", []],
  ["/profile", []],
  ["/settings", ["admin"]],
  ["/terms-and-conditions", []],
  ["/terms-and-conditions/lrp", []],
  ["/breakeven-calculator", []],
  ["/api-keys", ["partner"]],
  ["/insurance/watchlist", ["agent", "customer"]],
  ["/settings/manage-users", ["admin", "agent"]],
  ["/settings/tools", ["superAdmin"]],
  ["/settings/app", ["admin"]],
  ["/settings/aip", ["admin"]],
  ["/settings/orgs", ["superAdmin"]],
  ["/agent", ["agent"]],
  ["/agent/customers", ["agent"]],
  ["/agent/policies", ["agent"]],
  ["/agent/coverages", ["agent"]],
  ["/agent/coverages/lrp/create", ["agent"]],
  ["/agent/coverages/lrp/:coverageId", ["agent"]],
  ["/agent/coverages/lrp/:coverageId/edit", ["agent"]],
  ["/agent/coverages/lgm/:endorsementId", ["agent"]],
  ["/agent/quote-campaigns", ["agent"]],
  ["/agent/quote-campaigns/create", ["agent"]],
  ["/agent/quote-campaigns/:campaignId/edit", ["agent"]],
  ["/agent/claims", ["agent"]],
  ["/agent/claims/:claimId", ["agent"]],
  ["/agent/entities", ["agent"]],
  // docs/book-import.md (not in spec §2): the book import.
  ["/agent/book-import", ["agent"]],
  // docs/commissions.md (not in spec §2): commission rates (admins) and commissions (agents, admins).
  ["/settings/commissions", ["admin"]],
  ["/agent/commissions", ["agent", "admin"]],
  ["/agent/entities/create", ["agent"]],
  ["/agent/entities/:entityId", ["agent"]],
  ["/agent/entities/:entityId/:action", ["agent"]],
  ["/agent/policies/create", ["agent"]],
  ["/agent/policies/:policyId", ["agent"]],
  ["/agent/policies/:policyId/:action", ["agent"]],
  ["/unsubscribe/campaign/:campaignId/:userId", []],
  // UNSUB2 (not in §2): re-subscribing from the unsubscribe page.
  ["/unsubscribe/resubscribe", []],
];

const signedOut: Role[] = [];

describe("route table (spec §2)", () => {
  it("holds exactly the paths of §2, each once", () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual(SPEC_TABLE.map(([p]) => p).sort());
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
  });

  it.each(SPEC_TABLE)("%s is open to exactly the roles of §2 (%j)", (path, roles) => {
    const found = ROUTES.find((r) => r.path === path);
    if (!found) throw new Error(`missing ${path}`);
    for (const role of ROLES) expect(canOpen(found, [role])).toBe(roles.length === 0 || roles.includes(role));
    expect(canOpen(found, signedOut)).toBe(roles.length === 0);
    expect(isRestricted(found)).toBe(roles.length > 0);
  });

  it("records the spec's wording for each open route", () => {
    const wording = (id: RouteId) => {
      const access = routeById(id).access;
      return access.kind === "open" ? access.wording : access.kind;
    };
    expect(wording("home")).toBe("not restricted");
    expect(wording("apply")).toBe("none restricted");
    expect(wording("profile")).toBe("empty role list");
    expect(wording("unsubscribe")).toBe("public");
    expect(wording("settings")).toBe("roles");
  });

  it("lists the parameters of each path", () => {
    expect(routeById("lrp-coverage-edit").params).toEqual(["coverageId"]);
    expect(routeById("entity-action").params).toEqual(["entityId", "action"]);
    expect(routeById("unsubscribe").params).toEqual(["campaignId", "userId"]);
    expect(routeById("home").params).toEqual([]);
  });

  it("keeps the §2 titles verbatim", () => {
    expect(routeById("apply").title).toBe("Apply for Coverage");
    expect(routeById("my-coverages").title).toBe("My Coverages");
    expect(routeById("settings").title).toBe("Application Settings");
    // §2 names the customers list "Users"; the screen is named for what it holds (docs/first-day.md), the row's text stays in `group`.
    expect(routeById("agent-customers").title).toBe("Customers");
    expect(routeById("agent-customers").group).toBe("Users");
    expect(routeById("claims").title).toBe("Claims (Beta)");
    expect(routeById("breakeven-calculator").title).toBe("Breakeven calculator");
    expect(routeById("lrp-coverage").group).toBe("LRP coverage create, view, edit");
    expect(routeById("apply-business").group).toBe("Application by applicant type");
  });

  it("throws on an unknown id", () => {
    expect(() => routeById("nope" as RouteId)).toThrow("Unknown route id: nope");
  });
});

describe("matchRoute", () => {
  it("prefers a static segment over a parameter", () => {
    expect(matchRoute("/agent/entities/create")?.route.id).toBe("entity-create");
    expect(matchRoute("/agent/policies/create")?.route.id).toBe("policy-create");
    expect(matchRoute("/agent/coverages/lrp/create")?.route.id).toBe("lrp-coverage-create");
  });

  it("returns decoded parameters", () => {
    expect(matchRoute("/agent/entities/e%201/archive")).toEqual({
      route: routeById("entity-action"),
      params: { entityId: "e 1", action: "archive" },
    });
    expect(matchRoute("/unsubscribe/campaign/c1/u2")?.params).toEqual({ campaignId: "c1", userId: "u2" });
  });

  it("ignores a trailing slash and rejects unknown paths", () => {
    expect(matchRoute("/login")?.route.id).toBe("login");
    expect(matchRoute("/login/")?.route.id).toBe("login");
    expect(matchRoute("/faq/")?.route.id).toBe("faq");
    expect(matchRoute("/")?.route.id).toBe("home");
    expect(matchRoute("/nowhere")).toBeUndefined();
    expect(matchRoute("/agent/claims/a/b/c")).toBeUndefined();
    expect(matchRoute("/agent/claims/%E0%A4%A")).toBeUndefined();
  });
});

describe("permissions (spec §6)", () => {
  it("holds the §6 lists as written", () => {
    expect(PERMISSIONS.customer).toEqual(["my coverages", "watchlist"]);
    // "commissions" and "commission rates" are not §6's: docs/commissions.md added them.
    expect(PERMISSIONS.admin).toEqual([
      "settings",
      "app settings",
      "AIP settings",
      "manage users",
      "commissions",
      "commission rates",
    ]);
    expect(PERMISSIONS.superAdmin).toEqual(["tools", "orgs"]);
    expect(PERMISSIONS.partner).toEqual(["API keys"]);
    expect(PERMISSIONS.agent).toHaveLength(11);
    expect(UNRESTRICTED_FEATURES).toHaveLength(10);
  });

  it("agrees with the route table: a route's roles are the roles holding its feature", () => {
    for (const r of ROUTES) {
      const feature = ROUTE_FEATURE[r.id];
      const expected =
        feature === null || (UNRESTRICTED_FEATURES as readonly string[]).includes(feature)
          ? []
          : rolesWithPermission(feature);
      const actual = r.access.kind === "open" ? [] : [...r.access.roles];
      expect(actual.sort(), r.id).toEqual(expected.sort());
    }
  });

  it("every §6 permission is used by at least one route", () => {
    const used = new Set(Object.values(ROUTE_FEATURE));
    for (const role of ROLES) for (const p of PERMISSIONS[role]) expect(used.has(p), p).toBe(true);
    for (const f of UNRESTRICTED_FEATURES) expect(used.has(f), f).toBe(true);
  });
});
