import type { Role } from "../../shared/access/roles";
import { ROUTES } from "../../shared/access/routes";
import { mayKeepWatchlist } from "../../src/lib/sync/react/watchlist-access";
import type { DemoUser } from "../../sync-server/identity/demo-users";
import { analyze, blockingViolations } from "./axe";
import { DEMO_CUSTOMER_ID, recordPath, seedDemoCustomerBook } from "./book-helpers";
import { type Browser, DEMO_CUSTOMER, expect, type Page, test } from "./fixtures";
import { AGENT, CUSTOMER, signIn, user } from "./sync-helpers";

// WCAG 2.1 AA, measured (docs/first-day.md): axe on every route of every role at 360 px and 1280 px, with the
// main states (empty; filled: the agent's records from the demo book; error: a form submitted empty).
// A route with a record id the book does not hold shows its "not found" state. Each role signs in once
// in one browser context and moves between screens inside the app (no reload, no sleeps); each screen
// is checked at both widths. The count of violations per route is printed; serious and critical ones
// fail the run (soft, so one run reports them all). Each role's test is on its own, so the two workers
// share them out (only the agent's writes the demo customer's book: DEMO_CUSTOMER).

const WIDTHS = [1280, 360] as const;

interface Screen {
  /** A label for the report: the route's path or a state of it. */
  readonly name: string;
  readonly path: string;
  /** The route's title (the document title while it shows). */
  readonly title: string;
  /** Brings the screen to the state checked (after its heading shows). */
  readonly prepare?: (page: Page) => Promise<void>;
}

interface Finding {
  readonly role: string;
  readonly screen: string;
  readonly width: number;
  readonly total: number;
  readonly blocking: string[];
}

const findings: Finding[] = [];

/** Submits the screen's form empty, so its error state is what axe sees. */
const submitEmpty = (button: string | RegExp) => async (page: Page) => {
  const submit = page.getByRole("button", { name: button }).first();
  await expect(submit).toBeEnabled({ timeout: 15_000 });
  await submit.click();
  await expect(page.locator("[aria-invalid='true'], [role='alert']").first()).toBeVisible();
};

async function signedInContext(browser: Browser, who: DemoUser | undefined) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (who) await signIn(page, who, "/profile");
  return { context, page };
}

/**
 * Opens a screen: the first by loading the app, the next ones inside it as a link would (the router
 * follows a history entry), so a role's session, documents and code load once.
 */
async function open(page: Page, screen: Screen) {
  if (page.url().startsWith("http")) {
    await page.evaluate((path) => {
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, screen.path);
  } else {
    await page.goto(screen.path);
  }
  await expect(page).toHaveTitle(`${screen.title} · Rangeline`, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
}

async function check(page: Page, role: string, screen: Screen) {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await open(page, screen);
  if (screen.prepare) await screen.prepare(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const result = await analyze(page);
    const blocking = blockingViolations(result);
    expect.soft(blocking, `${role} ${screen.name} at ${width} px`).toEqual([]);
    findings.push({
      role,
      screen: screen.name,
      width,
      total: result.violations.length,
      blocking,
    });
  }
}

/**
 * The screens of a role: signed out, every open route; signed in, the routes only a role opens plus
 * those that change for a signed-in user: home, profile, and the LRP quote for the roles it shows more
 * (an agent's Order button, the watchlist form of an agent or a customer). For the other roles the
 * quote is the signed-out screen, and axe takes 5–10 s over its table on a slow machine.
 */
const changesWhenSignedIn = (id: string, roles: readonly Role[]) =>
  id === "home" ||
  id === "profile" ||
  (id === "lrp-quote" && (roles.includes("agent") || mayKeepWatchlist(roles)));
const pathsFor = (roles: readonly Role[], params: Record<string, string> = {}): Screen[] =>
  ROUTES.filter((r) =>
    r.access.kind === "open"
      ? roles.length === 0 || changesWhenSignedIn(r.id, roles)
      : r.access.roles.some((role) => roles.includes(role)),
  )
    .filter((r) => !["login", "silent-login", "auth-callback", "auth-sync-user"].includes(r.id))
    .map((r) => ({
      name: r.path,
      title: r.title,
      path: r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => params[name] ?? "not-a-record"),
    }));

test.describe("WCAG 2.1 AA (axe): every route of every role at 360 and 1280 px", () => {
  test.describe.configure({ mode: "parallel", timeout: 360_000 });

  test("signed out", async ({ browser }) => {
    const { context, page } = await signedInContext(browser, undefined);
    for (const screen of [
      ...pathsFor([]),
      {
        name: "/insurance/apply/individual (error)",
        title: "Individual Application",
        path: "/insurance/apply/individual?org=demo",
        prepare: submitEmpty(/submit|send/i),
      },
    ])
      await check(page, "signed out", screen);
    await context.close();
  });

  test("customer", async ({ browser }) => {
    const { context, page } = await signedInContext(browser, CUSTOMER);
    for (const screen of pathsFor(CUSTOMER.roles)) await check(page, "customer", screen);
    await context.close();
  });

  test("agent", DEMO_CUSTOMER, async ({ browser }) => {
    const { context, page } = await signedInContext(browser, AGENT);
    await page.goto(recordPath(DEMO_CUSTOMER_ID));
    const book = await seedDemoCustomerBook(page);
    const params = {
      entityId: book.entityId,
      policyId: book.lrpPolicyId,
      coverageId: book.lrpCoverageId,
      endorsementId: book.lgmTodayId,
      action: "edit",
    };
    const screens: Screen[] = [
      ...pathsFor(AGENT.roles, params),
      {
        name: "/agent/customers (record)",
        title: "Customers",
        path: `/agent/customers?customer=${encodeURIComponent(CUSTOMER.customerId as string)}`,
      },
      {
        name: "/agent/customers (new, error)",
        title: "Customers",
        path: "/agent/customers?new=1",
        prepare: submitEmpty("Save customer"),
      },
      {
        name: "/agent/quote-campaigns/create (error)",
        title: "Create Quote Campaign",
        path: "/agent/quote-campaigns/create",
        prepare: submitEmpty(/create|save/i),
      },
    ];
    for (const screen of screens) await check(page, "agent", screen);
    await context.close();
  });

  for (const email of [
    "admin@demo.rangeline.test",
    "superadmin@demo.rangeline.test",
    "partner@demo.rangeline.test",
  ]) {
    test(email.split("@")[0] as string, async ({ browser }) => {
      const who = user(email);
      const { context, page } = await signedInContext(browser, who);
      const screens = pathsFor(who.roles);
      if (email.startsWith("admin"))
        screens.push({
          name: "/settings (error)",
          title: "Application Settings",
          path: "/settings",
          prepare: submitEmpty(/save/i),
        });
      if (email.startsWith("admin"))
        screens.push({
          name: "/settings/commissions (error)",
          title: "Commission rates",
          path: "/settings/commissions",
          prepare: submitEmpty("Add the rate"),
        });
      for (const screen of screens) await check(page, email.split("@")[0] as string, screen);
      await context.close();
    });
  }

  // Each test's table, when it ends (a test runs in either worker: no table of the whole run).
  test.afterEach(() => {
    const rows = findings
      .splice(0)
      .map(
        (f) =>
          `${f.role.padEnd(11)} ${String(f.width).padStart(4)} ${String(f.total).padStart(2)} ${String(f.blocking.length).padStart(2)}  ${f.screen}${f.blocking.length ? `\n      ${f.blocking.join("\n      ")}` : ""}`,
      );
    console.log(`role        width all serious+critical  screen\n${rows.join("\n")}`);
  });
});
