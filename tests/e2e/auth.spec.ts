import { ROUTES } from "../../shared/access/routes";
import { navigationFor } from "../../src/app/navigation/nav-model";
import { DEMO_USERS, type DemoUser } from "../../sync-server/identity/demo-users";
import { createAccessTokenVerifier } from "../../sync-server/identity/verify";
import { type BrowserContext, expect, type Page, test } from "./fixtures";
import { signOut } from "./sync-helpers";

// Sign-in end to end: the real @auth0/auth0-spa-js in Chromium against the sync server's embedded
// identity provider. Each demo user signs in, sees the navigation of their role, stays signed in
// across a reload and signs out; the hiqLogout cookie signs out another tab.

test.use({ viewport: { width: 1280, height: 800 } });

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const accountButton = (page: Page, user: DemoUser) =>
  page.getByRole("button", { name: `Account: ${user.name}` });
const signInButton = (page: Page) => page.locator("header").getByRole("button", { name: "Sign in" });

/** Where a sign-in ends: the return-to page, except that with none but Home an agent lands on the Agent Hub (docs/first-day.md). */
const landingOf = (user: DemoUser, returnTo: string) =>
  returnTo === "/" && user.roles.includes("agent") ? "/agent" : returnTo;

async function signInWithHint(page: Page, user: DemoUser, returnTo = "/") {
  await page.goto(
    `/login/?login_hint=${encodeURIComponent(user.email)}&returnTo=${encodeURIComponent(returnTo)}`,
  );
  await expect(accountButton(page, user)).toBeVisible();
  // The callback replaces its address (code and state) with the return-to address.
  await expect
    .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
    .toBe(landingOf(user, returnTo));
}

async function expectNavigationFor(page: Page, user: DemoUser) {
  const expected = navigationFor(user.roles, true).flatMap((section) => section.items.map((item) => item.to));
  for (const path of expected) await expect(nav(page).locator(`a[href="${path}"]`), path).toHaveCount(1);
  for (const route of ROUTES) {
    if (route.path.includes(":") || expected.includes(route.path)) continue;
    await expect(
      nav(page).locator(`a[href="${route.path}"]`),
      `${user.email} must not see ${route.path}`,
    ).toHaveCount(0);
  }
}

const hasLogoutCookie = async (context: BrowserContext) =>
  (await context.cookies()).some((cookie) => cookie.name === "hiqLogout");

test("a visitor signs in by choosing a demo user on the provider's page and comes back where they were", async ({
  page,
}) => {
  const agent = DEMO_USERS.find((u) => u.email === "agent@demo.rangeline.test") as DemoUser;
  await page.goto("/agent/customers");
  await page.getByTestId("sign-in-prompt").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Rangeline" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/authorize");
  for (const user of DEMO_USERS) await expect(page.locator(`button[value="${user.email}"]`)).toBeVisible();
  await page
    .getByRole("button", { name: `${agent.name} ${agent.email}`, exact: false })
    .first()
    .click();
  await expect(accountButton(page, agent)).toBeVisible();
  await expect(page).toHaveURL(/\/agent\/customers$/);
  await expect(page.getByTestId("sign-in-prompt")).toHaveCount(0);
});

test("/account/signin shows a sign-in button that starts the sign-in", async ({ page }) => {
  await page.goto("/account/signin");
  await page.getByTestId("sign-in-page").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Rangeline" })).toBeVisible();
});

for (const user of DEMO_USERS) {
  test(`${user.email} (${user.roles.join(", ")}) signs in, sees their navigation, stays signed in on reload, signs out`, async ({
    page,
    context,
  }) => {
    await signInWithHint(page, user);
    await expectNavigationFor(page, user);

    await page.reload();
    await expect(accountButton(page, user)).toBeVisible();
    await expectNavigationFor(page, user);

    await signOut(page, user);
    expect(await hasLogoutCookie(context)).toBe(true);
    await page.reload();
    await expect(signInButton(page)).toBeVisible();
    await expect(nav(page).locator('a[href="/profile"]')).toHaveCount(0);
  });
}

test("the hiqLogout cookie, set by another application, signs this tab out", async ({ page, context }) => {
  const customer = DEMO_USERS.find((u) => u.email === "customer@demo.rangeline.test") as DemoUser;
  await signInWithHint(page, customer, "/insurance/watchlist");
  // Signing in cleared any old marker; now a sibling application signs out.
  expect(await hasLogoutCookie(context)).toBe(false);
  await context.addCookies([
    { name: "hiqLogout", value: "true", domain: new URL(page.url()).hostname, path: "/" },
  ]);
  await expect(signInButton(page)).toBeVisible({ timeout: 5000 });
  expect(new URL(page.url()).pathname).toBe("/");
  // The provider's session is gone too: a silent sign-in finds nobody.
  await page.goto("/silent-login");
  await expect(page.getByTestId("silent-login")).toContainText("You are not signed in.");
});

test("signing out in one tab signs out the other", async ({ context }) => {
  const admin = DEMO_USERS.find((u) => u.email === "admin@demo.rangeline.test") as DemoUser;
  const first = await context.newPage();
  await signInWithHint(first, admin);
  const second = await context.newPage();
  await second.goto("/settings");
  await expect(accountButton(second, admin)).toBeVisible();
  await expect(second.getByTestId("sign-in-prompt")).toHaveCount(0);

  await signOut(first, admin);
  await expect(signInButton(second)).toBeVisible({ timeout: 5000 });
});

test("the callback without a response, and a refused sign-in, are reported", async ({ page }) => {
  await page.goto("/auth-callback");
  await expect(page.getByRole("alert")).toContainText("There are no query params available for parsing.");

  // §5: the returned state must equal the stored one.
  await page.goto("/auth-callback?code=forged-code&state=forged-state");
  await expect(page.getByRole("alert")).toContainText("Invalid state");
  await page.goto("/account/signin");
  await page.getByTestId("sign-in-page").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Rangeline" })).toBeVisible();
  await page.goto("/auth-callback?code=forged-code&state=not-the-stored-state");
  await expect(page.getByRole("alert")).toContainText("Invalid state");
  await expect(signInButton(page)).toBeVisible();

  await page.goto("/login/?login_hint=nobody%40demo.rangeline.test");
  await expect(page.getByRole("alert")).toContainText(
    "No demo user has the e-mail nobody@demo.rangeline.test.",
  );
});

test("/auth-sync-user re-reads the identity and goes on", async ({ page }) => {
  const partner = DEMO_USERS.find((u) => u.email === "partner@demo.rangeline.test") as DemoUser;
  await signInWithHint(page, partner);
  await page.goto("/auth-sync-user?returnTo=%2Fapi-keys");
  await expect(page).toHaveURL(/\/api-keys$/);
  await expect(accountButton(page, partner)).toBeVisible();
  await expect(page.getByTestId("sign-in-prompt")).toHaveCount(0);
});

test("the access token the browser holds is one the sync server accepts", async ({ page, baseURL }) => {
  const agent = DEMO_USERS.find((u) => u.email === "agent2@demo.rangeline.test") as DemoUser;
  await signInWithHint(page, agent);
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) =>
      k.startsWith("@@auth0spajs@@::rangeline-dev::rangeline-api::"),
    );
    return key
      ? (JSON.parse(localStorage.getItem(key) ?? "{}").body?.access_token as string | undefined)
      : undefined;
  });
  expect(token).toBeTruthy();
  const port = new URL(baseURL ?? "").port;
  const verify = createAccessTokenVerifier({
    // The sync server's issuer: PUBLIC_URL, else http://localhost:PORT/ (sync-server/config.ts).
    issuer: `http://localhost:${port}/`,
    audience: "rangeline-api",
    jwksUrl: new URL("/.well-known/jwks.json", baseURL),
  });
  await expect(verify(token ?? "")).resolves.toMatchObject({
    sub: agent.sub,
    email: agent.email,
    roles: ["agent"],
    orgId: "demo",
  });
});

test("a signed-in user stays signed in across a reload without a connection", async ({ page, context }) => {
  const customer = DEMO_USERS.find((u) => u.email === "customer@other.rangeline.test") as DemoUser;
  await signInWithHint(page, customer);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(accountButton(page, customer)).toBeVisible();
    await expectNavigationFor(page, customer);
  } finally {
    await context.setOffline(false);
  }
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the provider's sign-in page is readable without horizontal scrolling", async ({ page }, testInfo) => {
    await page.goto("/account/signin");
    await page.getByTestId("sign-in-page").getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to Rangeline" })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.screenshot({ path: testInfo.outputPath("identity-sign-in-360.png"), fullPage: true });
    await page.locator('button[value="customer@demo.rangeline.test"]').click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home");
  });
});
