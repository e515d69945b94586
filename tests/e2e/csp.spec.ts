import { canOpen, ROUTES } from "../../shared/access/routes";
import { e2eNow } from "./clock";
import { type BrowserContext, expect, keepSignInCookie, type Page, test } from "./fixtures";
import {
  AGENT,
  expectAllSynced,
  freshName,
  newCustomerPath,
  saveNewCustomer,
  signIn,
  signOut,
  user,
} from "./sync-helpers";

// docs/hardening.md: the server enforces its Content-Security-Policy, and the built app runs under it with
// no violation in Chromium — signed out and signed in, quotes with their worker and charts, the
// service worker, fonts, the sync socket, sign-in through the identity provider and auth0-spa-js's
// hidden frame on reload, and sign-out. Violations are heard three ways: the `securitypolicyviolation`
// event in every frame, Chromium's console message, and the policy's report-uri (which also hears
// workers and the service worker); any one fails the test.

type Violation = { directive: string; blocked: string; where: string };

async function listen(context: BrowserContext) {
  const heard: Violation[] = [];
  await context.exposeFunction("__rangelineCspViolation", (v: Violation) => heard.push(v));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __rangelineCspViolation(v: Violation): void }).__rangelineCspViolation({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        where: location.pathname,
      });
    });
  });
  const console: string[] = [];
  const watch = (page: Page) =>
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) console.push(message.text());
    });
  context.on("page", watch);
  for (const page of context.pages()) watch(page);
  return { heard, console };
}

/** Violations the server received at its report-uri since `since` (epoch ms). */
async function reported(page: Page, since: number) {
  const response = await page.request.get("/api/csp-report");
  expect(response.status()).toBe(200);
  const { violations } = (await response.json()) as {
    violations: { at: number; directive: string; blocked: string }[];
  };
  return violations.filter((v) => v.at >= since);
}

/**
 * Asserts that nothing was violated. Reports travel on their own, so a marker violation is made last
 * (an inline script, refused) and awaited at report-uri; everything else heard must be nothing.
 */
async function expectNoViolation(
  page: Page,
  heard: { heard: Violation[]; console: string[] },
  since: number,
) {
  await page.evaluate(() => {
    const marker = document.createElement("script");
    marker.textContent = "window.__cspMarker = true";
    document.body.append(marker);
  });
  const isMarker = (v: { directive: string; blocked: string }) =>
    v.directive === "script-src-elem" && v.blocked === "inline";
  await expect.poll(async () => (await reported(page, since)).filter(isMarker).length).toBe(1);
  expect(
    heard.heard.filter((v) => !isMarker(v)),
    "securitypolicyviolation events",
  ).toEqual([]);
  expect(
    heard.console.filter((m) => !/inline script/i.test(m)),
    "CSP console messages",
  ).toEqual([]);
  expect(
    (await reported(page, since)).filter((v) => !isMarker(v)),
    "reports at report-uri",
  ).toEqual([]);
}

test("every response of the app enforces the policy", async ({ page }) => {
  const response = await page.goto("/");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(response?.headers()["content-security-policy-report-only"]).toBeUndefined();
});

test("the collector hears a violation (so the tests below can fail)", async ({ browser }) => {
  const since = e2eNow().getTime();
  const context = await browser.newContext();
  const heard = await listen(context);
  const page = await context.newPage();
  await page.goto("/faq");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
  });
  await expect.poll(() => heard.heard.length).toBeGreaterThan(0);
  expect(heard.heard[0]?.directive).toBe("script-src-elem");
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await expect.poll(async () => (await reported(page, since)).length).toBeGreaterThan(0);
  await context.close();
});

test("signed out: quotes, worker, charts, fonts and the service worker run with no violation", async ({
  browser,
}) => {
  const since = e2eNow().getTime();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const heard = await listen(context);
  const page = await context.newPage();
  await page.goto("/");
  await page.goto("/insurance/lrp-quote");
  await expect(page.getByRole("table", { name: "LRP coverage table" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Net price floor and cost by coverage level/ })).toBeVisible();
  await page.goto("/insurance/lgm/quote");
  await expect(page.getByRole("main")).toBeVisible();
  await page.goto("/breakeven-calculator");
  await expect(page.getByRole("main")).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.evaluate(() => document.fonts.ready.then(() => document.fonts.size));
  await page.reload();
  await expect(page.getByRole("main")).toBeVisible();
  await expectNoViolation(page, heard, since);
  await context.close();
});

test("signed in: provider sign-in, silent authentication, sync socket, records and sign-out with no violation", async ({
  browser,
}) => {
  const since = e2eNow().getTime();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const heard = await listen(context);
  const page = await context.newPage();
  await signIn(page, AGENT, newCustomerPath());
  await keepSignInCookie(context, test.info().project.use.baseURL as string);
  await saveNewCustomer(page, freshName("CSP Ranch"));
  await expect(page.getByTestId("customer-record")).toBeVisible();
  await expectAllSynced(page);
  await page.goto("/agent/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await expectAllSynced(page);
  // Without its token cache, a reload checks the session in auth0-spa-js's hidden frame (the
  // provider's web_message answer, framed by the app).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith("@@auth0spajs@@")) localStorage.removeItem(key);
  });
  const frame = page.waitForRequest(
    (r) => new URL(r.url()).searchParams.get("response_mode") === "web_message",
  );
  await page.reload();
  await frame;
  await expect(page.getByRole("button", { name: `Account: ${AGENT.name}` })).toBeVisible();
  await page.goto("/insurance/watchlist");
  await expectAllSynced(page);
  await signOut(page, AGENT);
  await expectNoViolation(page, heard, since);
  await context.close();
});

test("every screen, opened by a role that may open it, runs with no violation", async ({ browser }) => {
  test.setTimeout(600_000);
  // The sign-in flow's own routes redirect; they are covered by the sign-in tests above.
  const flows = new Set(["login", "silent-login", "auth-callback", "auth-sync-user"]);
  const left = ROUTES.filter((route) => !flows.has(route.id));
  const who = ["superadmin", "admin", "agent", "customer", "partner"].map((name) =>
    user(`${name}@demo.rangeline.test`),
  );
  for (const person of who) {
    const mine = left.filter((route) => canOpen(route, person.roles));
    if (mine.length === 0) continue;
    for (const route of mine) left.splice(left.indexOf(route), 1);
    const since = e2eNow().getTime();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const heard = await listen(context);
    const page = await context.newPage();
    await signIn(page, person, "/");
    for (const route of mine) {
      await page.goto(route.path.replace(/:\w+/g, "x"));
      await expect(page.getByRole("heading", { level: 1 }).first(), route.path).toBeVisible();
    }
    await expectNoViolation(page, heard, since);
    await context.close();
  }
  expect(left.map((route) => route.path)).toEqual([]);
});
