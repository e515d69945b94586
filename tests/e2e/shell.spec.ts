import { ROUTES, type RouteId } from "../../shared/access/routes";
import { expect, type Page, test } from "./fixtures";

// The app shell in Chromium: titles of the open routes, the sign-in prompt on a gated route, the
// layout at 360 px, the mobile navigation, and the app after an offline reload.

/** The login flows belong to the identity pages, which may redirect to the identity provider. */
const LOGIN_FLOWS: readonly RouteId[] = [
  "login",
  "silent-login",
  "auth-callback",
  "auth-sync-user",
  "sign-in",
];
const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, "sample-$1");

const openRoutes = ROUTES.filter((r) => r.access.kind === "open" && !LOGIN_FLOWS.includes(r.id));
const gatedRoutes = ROUTES.filter((r) => r.access.kind === "roles");

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test.describe("open routes", () => {
  for (const route of openRoutes) {
    test(`${route.path} shows "${route.title}"`, async ({ page }) => {
      await page.goto(concrete(route.path));
      await expect(heading(page)).toHaveText(route.title);
      await expect(page).toHaveTitle(`${route.title} · Rangeline`);
      await expect(page.getByTestId("sign-in-prompt")).toHaveCount(0);
    });
  }
});

test.describe("gated routes", () => {
  test("a signed-out visitor gets a sign-in prompt on every restricted route", async ({ page }) => {
    test.setTimeout(150_000); // one full page load per restricted route (33)
    for (const route of gatedRoutes) {
      await page.goto(concrete(route.path));
      await expect(heading(page), route.path).toHaveText(route.title);
      const prompt = page.getByTestId("sign-in-prompt");
      await expect(prompt, route.path).toBeVisible();
      await expect(prompt.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
      await expect(prompt.getByRole("button", { name: "Sign in" })).toBeVisible();
      await expect(prompt.getByRole("link", { name: "Other ways to sign in" })).toHaveAttribute(
        "href",
        "/account/signin",
      );
    }
  });

  test("the navigation of a signed-out visitor offers no restricted screen", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "LRP Quote" })).toBeVisible();
    for (const route of gatedRoutes) await expect(nav.locator(`a[href="${route.path}"]`)).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "My Profile" })).toHaveCount(0);
  });
});

test("/robots.txt is the crawlers' file, not the app's page", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await response.text()).toMatch(/^User-agent: \*\n/);
});

test("an unknown path shows page not found", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(heading(page)).toHaveText("Page not found");
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(heading(page)).toHaveText("Home");
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/", "/faq", "/settings", "/terms-and-conditions/lrp", "/media"]) {
    test(`${path} renders without horizontal scrolling`, async ({ page }, testInfo) => {
      await page.goto(path);
      await expect(heading(page)).toBeAttached();
      await page.evaluate(() => document.fonts.ready);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(clientWidth).toBe(360);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
      await page.screenshot({ path: testInfo.outputPath(`shell-360-${name}.png`), fullPage: true });
    });
  }

  test("the menu button opens the navigation drawer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "FAQ" }).click();
    await expect(heading(page)).toHaveText("FAQ");
    await expect(drawer).toBeHidden();
  });
});

test("after one online visit, an offline reload shows the app", async ({ page, context }) => {
  await page.goto("/");
  await expect(heading(page)).toHaveText("Home");
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(heading(page)).toHaveText("Home");
    await expect(page.getByRole("status").filter({ hasText: "You are offline" })).toBeVisible();

    await page.goto("/faq");
    await expect(heading(page)).toHaveText("FAQ");
    await expect(
      page.getByRole("button", { name: "What is the difference between LRP and LGM?" }),
    ).toBeVisible();

    await page.goto("/insurance/lrp-quote");
    await expect(heading(page)).toHaveText("LRP Quote");
  } finally {
    await context.setOffline(false);
  }
});

test("the service worker leaves the API and the identity endpoints to the network", async ({ page }) => {
  await page.goto("/");
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  const health = await page.goto("/api/health");
  expect(health?.fromServiceWorker()).toBe(false);
  expect(await health?.json()).toMatchObject({ status: "ok" });
  const jwks = await page.goto("/.well-known/jwks.json?x=1");
  expect(jwks?.fromServiceWorker()).toBe(false);
  const app = await page.goto("/faq?from=test");
  expect(app?.fromServiceWorker()).toBe(true);
  await expect(heading(page)).toHaveText("FAQ");
});

test("a signed-in customer sees their screens and is told an agent screen is not for their role", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/agent");
  await page.getByTestId("sign-in-prompt").getByRole("button", { name: "Sign in" }).click();
  // The development identity provider lists its demo users; pick the customer.
  await page.getByText("Casey Customer", { exact: false }).first().click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect(heading(page)).toHaveText("Agent Hub");
  const gate = page.getByTestId("not-for-role");
  await expect(gate).toContainText("Not available for your role");
  await expect(gate).toContainText(
    "Agent Hub is available to the Agent role. You are signed in as Customer.",
  );
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Watchlist" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "My Coverages" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Agent Hub" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Application Settings" })).toHaveCount(0);
});

test("the app is installable: a linked manifest with name, icons and theme colour", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const manifest = await (await request.get(href ?? "")).json();
  expect(manifest).toMatchObject({
    name: "Rangeline",
    short_name: "Rangeline",
    start_url: "/",
    display: "standalone",
    theme_color: "#AC141C",
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ["192x192", "any"],
    ["512x512", "any"],
    ["512x512", "maskable"],
  ]) {
    const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const response = await request.get(icon?.src ?? "");
    expect(response.headers()["content-type"]).toBe("image/png");
  }
});
