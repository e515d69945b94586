import { expect, test } from "./fixtures";
import {
  AGENT,
  documentDatabases,
  expectAllSynced,
  freshName,
  newCustomerPath,
  saveNewCustomer,
  signIn,
  signOut,
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

  await signOut(page, AGENT);
  await expect.poll(() => documentDatabases(page)).toEqual([]);
});
