import { expect, test } from "./fixtures";
import {
  AGENT,
  documentDatabases,
  expectAllSynced,
  freshName,
  newCustomerPath,
  saveNewCustomer,
  signIn,
} from "./sync-helpers";

// Sign-out (docs/local-first.md): no document of the user is left in IndexedDB.

test("signing out leaves no document of the user on the device", async ({ page }) => {
  await signIn(page, AGENT, newCustomerPath());
  await saveNewCustomer(page, freshName("Sign-out Ranch"));
  await expect(page.getByTestId("customer-record")).toBeVisible();
  await expectAllSynced(page);
  const stored = await documentDatabases(page);
  const mine = `rangeline-doc:${encodeURIComponent(AGENT.sub)}:`;
  expect(stored.filter((name) => name.startsWith(mine)).length).toBeGreaterThanOrEqual(3);

  // Signing out clears the session on the page, then leaves for the provider's /v2/logout and comes
  // back to the origin: the device is read once that round trip is over (a read during it fails).
  // The load that ends the sign-out round trip (/v2/logout, back to the origin), caught from the start.
  const loaded = page.waitForEvent("load");
  const logout = page.waitForRequest((request) => new URL(request.url()).pathname === "/v2/logout");
  await page.getByRole("button", { name: `Account: ${AGENT.name}` }).click();
  await page.getByRole("menuitem", { name: "Sign out", exact: true }).click();
  await logout;
  await loaded;
  await expect(page.locator("header").getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect.poll(() => documentDatabases(page)).toEqual([]);
});
