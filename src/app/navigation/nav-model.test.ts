import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../../shared/access/roles";
import { canOpen, routeById } from "../../../shared/access/routes";
import { hiddenBySettings, navigationFor } from "./nav-model";

const ids = (roles: Role[], signedIn = true) =>
  navigationFor(roles, signedIn).flatMap((section) => section.items.map((item) => item.id));

const PUBLIC = [
  "home",
  "lrp-quote",
  "lgm",
  "scenario-analysis",
  "breakeven-calculator",
  "apply",
  "faq",
  "media",
  "contact-us",
  "terms",
];

describe("navigation model", () => {
  it("offers a signed-out visitor only the open screens, without the profile", () => {
    expect(ids([], false)).toEqual(PUBLIC);
    expect(navigationFor([], false).map((s) => s.label)).toEqual(["Quotes", "Help"]);
  });

  it("ignores roles when signed out", () => {
    expect(ids(["agent", "admin"], false)).toEqual(PUBLIC);
  });

  it("shows an agent the agent hub, their lists, watchlist, my coverages and manage users", () => {
    const agent = ids(["agent"]);
    for (const id of [
      "agent-hub",
      "agent-customers",
      "agent-policies",
      "agent-coverages",
      "quote-campaigns",
      "claims",
      "entities",
      "my-coverages",
      "watchlist",
      "manage-users",
      "profile",
    ])
      expect(agent).toContain(id);
    for (const id of ["settings", "settings-app", "settings-aip", "tools", "orgs", "api-keys"])
      expect(agent).not.toContain(id);
  });

  it("shows a customer my coverages and watchlist, nothing of agents or settings", () => {
    const customer = ids(["customer"]);
    expect(customer).toEqual([
      ...PUBLIC.slice(0, 6),
      "my-coverages",
      "watchlist",
      "profile",
      ...PUBLIC.slice(6),
    ]);
  });

  it("shows an admin the settings and manage users", () => {
    const admin = navigationFor(["admin"], true);
    expect(admin.find((s) => s.id === "settings")?.items.map((i) => i.id)).toEqual([
      "settings",
      "settings-app",
      "settings-aip",
      "settings-commissions",
      "manage-users",
    ]);
    expect(ids(["admin"])).not.toContain("agent-hub");
  });

  it("shows a super administrator tools and orgs, a partner the API keys", () => {
    expect(
      navigationFor(["superAdmin"], true)
        .find((s) => s.id === "settings")
        ?.items.map((i) => i.id),
    ).toEqual(["tools", "orgs"]);
    const partner = navigationFor(["partner"], true).find((s) => s.id === "mine");
    expect(partner?.items.map((i) => i.id)).toEqual(["api-keys", "profile"]);
  });

  it("puts the profile under My account for a signed-in user without role screens", () => {
    const none = navigationFor([], true);
    expect(none.find((s) => s.label === "My account")?.items.map((i) => i.id)).toEqual(["profile"]);
  });

  it.each(ROLES.map((r) => [r]))("never offers %s a screen the policy refuses", (role) => {
    for (const id of ids([role])) expect(canOpen(routeById(id), [role])).toBe(true);
  });

  it("labels items with the route titles and links to their paths", () => {
    const first = navigationFor([], false)[0]?.items[0];
    expect(first).toEqual({ id: "home", label: "Home", to: "/" });
  });

  it("[NAV1] leaves Claims out when the organisation turned the claims screens off (unset keeps them)", () => {
    const agentItems = (settings: Record<string, unknown> | null) =>
      navigationFor(["agent"], true, hiddenBySettings(settings))
        .find((s) => s.id === "agent")
        ?.items.map((i) => i.id);
    expect(agentItems({ enableClaimsUi: false })).not.toContain("claims");
    expect(agentItems({ enableClaimsUi: true })).toContain("claims");
    expect(agentItems(null)).toContain("claims");
  });

  it("[COMMUI1] offers commissions to agents and admins (the rates to admins only), never to a producer", () => {
    expect(ids(["agent"])).toContain("agent-commissions");
    expect(ids(["agent"])).not.toContain("settings-commissions");
    expect(ids(["admin"])).toEqual(expect.arrayContaining(["agent-commissions", "settings-commissions"]));
    for (const role of ["customer", "partner"] as const) {
      expect(ids([role])).not.toContain("agent-commissions");
      expect(ids([role])).not.toContain("settings-commissions");
    }
  });
});
