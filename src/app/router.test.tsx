import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ROLES, type Role } from "../../shared/access/roles";
import { canOpen, ROUTES } from "../../shared/access/routes";
import { type Session, SessionContext, signedOutSession } from "../lib/auth/session";
import { ROUTE_ELEMENTS, type ScreenLoader } from "./route-elements";
import { appRoutes } from "./router";

// Renders the real router (every route of the table, its lazy screen, the layout and the gate) on the
// server for a path and a session, as the browser would show it after loading.

const signedIn = (roles: Role[]): Session => ({
  ...signedOutSession,
  status: "signed-in",
  user: { sub: "auth0|test", name: "Pat Rancher", email: "pat@example.com" },
  roles,
  orgId: "org-1",
});
const loading: Session = { ...signedOutSession, status: "loading" };

async function render(
  path: string,
  session: Session,
  elements: Record<string, ScreenLoader> = ROUTE_ELEMENTS,
): Promise<string> {
  const handler = createStaticHandler(appRoutes(elements));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected redirect for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <SessionContext.Provider value={session}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </SessionContext.Provider>,
  );
}

const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, "sample-$1");
/** The visible text of server-rendered HTML, without tags and React's text separators. */
const plain = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
const h1 = (html: string) => {
  const inner = /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
  return inner === undefined ? undefined : plain(inner).trim();
};

const SIGN_IN = 'data-testid="sign-in-prompt"';
const NOT_FOR_ROLE = 'data-testid="not-for-role"';

describe("app router", () => {
  it.each(ROUTES.map((r) => [r.path, r] as const))(
    "%s shows its title as the heading",
    async (_path, route) => {
      const html = await render(concrete(route.path), signedIn([...ROLES]));
      expect(h1(html)).toBe(route.title);
    },
  );

  it.each(ROUTES.map((r) => [r.path, r] as const))(
    "%s: signed out sees the screen only when it is open, else the sign-in prompt",
    async (_path, route) => {
      const html = await render(concrete(route.path), signedOutSession);
      const open = canOpen(route, []);
      expect(html.includes(SIGN_IN)).toBe(!open);
      expect(html.includes(NOT_FOR_ROLE)).toBe(false);
    },
  );

  it.each(ROLES.map((role) => [role]))("each route gates a signed-in %s by the policy", async (role) => {
    for (const route of ROUTES) {
      const html = await render(concrete(route.path), signedIn([role]));
      expect(html.includes(NOT_FOR_ROLE), `${role} on ${route.path}`).toBe(!canOpen(route, [role]));
      expect(html.includes(SIGN_IN), `${role} on ${route.path}`).toBe(false);
    }
  });

  it("tells a signed-in user without the role who the screen is for", async () => {
    const html = await render("/settings/tools", signedIn(["customer"]));
    expect(html).toContain("Not available for your role");
    expect(plain(html)).toContain(
      "Tools is available to the Super administrator role. You are signed in as Customer.",
    );
  });

  it("waits while the session is loading instead of prompting", async () => {
    const html = await render("/agent", loading);
    expect(html).toContain("Checking your sign-in…");
    expect(html).not.toContain(SIGN_IN);
  });

  it("renders an open screen's content", async () => {
    expect(await render("/faq", signedOutSession)).toContain("What is the difference between LRP and LGM?");
  });

  it("navigation lists only what the role may open", async () => {
    const customer = await render("/", signedIn(["customer"]));
    expect(customer).toContain('href="/insurance/watchlist"');
    expect(customer).not.toContain('href="/agent"');
    expect(customer).not.toContain('href="/settings"');
    const agent = await render("/", signedIn(["agent"]));
    expect(agent).toContain('href="/agent/customers"');
    expect(agent).toContain('href="/settings/manage-users"');
    expect(agent).not.toContain('href="/settings/tools"');
    const visitor = await render("/", signedOutSession);
    expect(visitor).not.toContain('href="/insurance/watchlist"');
    expect(visitor).not.toContain('href="/profile"');
  });

  it("shows a page-not-found screen for an unknown path", async () => {
    const html = await render("/no/such/page", signedOutSession);
    expect(h1(html)).toBe("Page not found");
    expect(html).toContain("There is no page at");
  });

  it("prefers the create screen over a parameter", async () => {
    expect(h1(await render("/agent/entities/create", signedIn(["agent"])))).toBe("Create Entity");
    expect(h1(await render("/agent/entities/e-1", signedIn(["agent"])))).toBe("Entity");
  });
});
