import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { DEMO_USERS, type DemoUser } from "../../sync-server/identity/demo-users";

// Shared steps of the local-first end-to-end tests: sign a demo user in a fresh browser context (a
// "device"), drop and restore the shared sync socket through the app's debug hook (the browser's
// offline switch does not close an open WebSocket), and read the sync status indicator.

export const user = (email: string): DemoUser => {
  const found = DEMO_USERS.find((u) => u.email === email);
  if (!found) throw new Error(`no demo user ${email}`);
  return found;
};
export const AGENT = user("agent@demo.rangeline.test");
export const AGENT2 = user("agent2@demo.rangeline.test");
export const CUSTOMER = user("customer@demo.rangeline.test");

/** A fresh context (a device of its own: its own IndexedDB), signed in as `who`, on `path`. */
export async function device(
  browser: Browser,
  who: DemoUser,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, who, path);
  return { context, page };
}

export async function signIn(page: Page, who: DemoUser, path: string) {
  await page.goto(`/login/?login_hint=${encodeURIComponent(who.email)}&returnTo=${encodeURIComponent(path)}`);
  // Sign-in is a redirect round trip and a token exchange: slow on a busy machine.
  await expect(page.getByRole("button", { name: `Account: ${who.name}` })).toBeVisible({ timeout: 20_000 });
}

/**
 * Signs `who` out through the account menu and waits for the whole round trip: the session is
 * cleared on the page first, then the browser leaves for the provider's /v2/logout and comes back to
 * the origin. A navigation or a read started before that load would race the redirect.
 */
export async function signOut(
  page: Page,
  who: DemoUser,
  menuItem: "Sign out" | "Sign out on all devices" = "Sign out",
) {
  const loaded = page.waitForEvent("load");
  const logout = page.waitForRequest((request) => new URL(request.url()).pathname === "/v2/logout");
  await page.getByRole("button", { name: `Account: ${who.name}` }).click();
  await page.getByRole("menuitem", { name: menuItem, exact: true }).click();
  await logout;
  await loaded;
  await expect(page.locator("header").getByRole("button", { name: "Sign in" })).toBeVisible({
    timeout: 30_000,
  });
  expect(new URL(page.url()).pathname).toBe("/");
}

export const status = (page: Page) => page.getByTestId("sync-status");

/** Waits until the device is online with every change on the server. */
export async function expectAllSynced(page: Page, timeout = 15_000) {
  await expect(status(page)).toHaveAttribute("data-state", "online", { timeout });
  await expect(status(page)).toHaveAttribute("data-pending", "0", { timeout });
}

export async function dropSocket(page: Page) {
  await page.waitForFunction(() => window.__rangelineSync !== undefined);
  await page.evaluate(() => window.__rangelineSync?.disconnect());
  // The app says offline as soon as it drops the socket, not when the close handshake ends (with the
  // browser offline too, that can take a minute); the time-out is for a busy machine.
  await expect(status(page)).toHaveAttribute("data-state", "offline", { timeout: 20_000 });
}

export async function restoreSocket(page: Page) {
  await page.evaluate(() => window.__rangelineSync?.connect());
}

export const pendingOf = async (page: Page) => Number(await status(page).getAttribute("data-pending"));

/** The names of the Rangeline document databases on this device (y-indexeddb, one per document). */
export const documentDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((d) => d.name ?? "")
      .filter((name) => name.startsWith("rangeline-doc:")),
  );

/** A customer name of its own for each test run (the e2e database outlives runs). */
export const freshName = (label: string) => `${label} ${Date.now().toString(36)}`;

export const customerPath = (id: string) => `/agent/customers?customer=${encodeURIComponent(id)}`;

/** The form for a new customer (with `id`: the record gets that id, e.g. a linked customer's). */
export const newCustomerPath = (id?: string) =>
  id ? `/agent/customers?new=1&id=${encodeURIComponent(id)}` : "/agent/customers?new=1";

/**
 * Creates a customer through "New customer" on a page already on the new-customer form, and returns
 * its id (from the record page's address, where saving leads).
 */
export async function saveNewCustomer(page: Page, name: string): Promise<string> {
  const form = page.getByTestId("new-customer-form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByRole("button", { name: "Save customer" }).click();
  await expect(page.getByTestId("customer-record")).toBeVisible();
  await expect(field(page, "Name")).toHaveValue(name);
  const id = new URL(page.url()).searchParams.get("customer");
  if (!id) throw new Error(`saving the customer did not open its record: ${page.url()}`);
  return id;
}

/** Signs `who` in on a device of its own, creates a customer named `name`, and returns both. */
export async function deviceWithNewCustomer(browser: Browser, who: DemoUser, name: string) {
  const device_ = await device(browser, who, newCustomerPath());
  const id = await saveNewCustomer(device_.page, name);
  return { ...device_, id };
}

/** A field of the customer record's profile form, by its label. */
export const field = (page: Page, label: string) =>
  page.getByTestId("customer-record").getByLabel(label, { exact: true });
