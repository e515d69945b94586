import { expect, type Page, test } from "./fixtures";
import { CUSTOMER, device, dropSocket, expectAllSynced } from "./sync-helpers";

// The watchlist end to end (docs/local-first.md): a setup saved by hand is priced by the worker against the
// market snapshot on the device, with the snapshot's date; it appears on the user's other device, a
// rename there comes back, and after an offline reload the setup is still priced from the device.

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="watch-item"][data-name=${JSON.stringify(name)}]`);

test("a saved setup is priced, follows the user to another device, and works offline", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Fall steers ${Date.now().toString(36)}`;
  const phone = await device(browser, CUSTOMER, "/insurance/watchlist");
  const laptop = await device(browser, CUSTOMER, "/insurance/watchlist");
  try {
    const { page } = phone;
    await expect(page.getByTestId("market-as-of")).toContainText(
      /Premiums as of [A-Z][a-z]{2} \d{1,2}, \d{4} /,
    );
    const asOf = (await page.getByTestId("market-as-of").locator("strong").textContent()) ?? "";

    const form = page.getByRole("form", { name: "Add a setup" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Head").fill("120");
    await form.getByRole("button", { name: "Save to watchlist" }).click();

    const saved = item(page, name);
    await expect(saved).toContainText(
      "LRP · Feeder Cattle, Steers 600-1000 lbs · 21 weeks at 95% · 120 head at 7.5 cwt",
    );
    await expect(saved.getByTestId("producer-premium")).toHaveText(/^\$[\d,]+\.\d{2}/);
    await expect(saved.getByTestId("premium-change")).toBeVisible();
    const premium = await saved.getByTestId("producer-premium").textContent();

    // The other device: same setup, same figures from the same snapshot.
    await expect(item(laptop.page, name).getByTestId("producer-premium")).toHaveText(premium ?? "");
    await expect(laptop.page.getByTestId("market-as-of").locator("strong")).toHaveText(asOf);
    await item(laptop.page, name).getByRole("button", { name: "Rename" }).click();
    await item(laptop.page, name).getByLabel("Name").fill(`${name} (renamed)`);
    await laptop.page.getByRole("button", { name: "Save name" }).click();
    await expect(item(page, `${name} (renamed)`)).toBeVisible();
    await expectAllSynced(page);

    // Offline: the app, the watchlist and the snapshot come from the device; the worker prices again.
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    await dropSocket(page);
    await phone.context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId("market-as-of").locator("strong")).toHaveText(asOf);
    await expect(item(page, `${name} (renamed)`).getByTestId("producer-premium")).toHaveText(premium ?? "");

    // Removed on the other device (which keeps the shared test user's watchlist short).
    await item(laptop.page, `${name} (renamed)`).getByRole("button", { name: "Remove" }).click();
    await expect(item(laptop.page, `${name} (renamed)`)).toHaveCount(0);
    await expectAllSynced(laptop.page);
  } finally {
    await phone.context.setOffline(false);
    await phone.context.close();
    await laptop.context.close();
  }
});

test("a setup the schema refuses is explained, and nothing is saved", async ({ browser }) => {
  const { page, context } = await device(browser, CUSTOMER, "/insurance/watchlist");
  try {
    const form = page.getByRole("form", { name: "Add a setup" });
    await form.getByLabel("Name").fill("Too few head");
    await form.getByLabel("Head").fill("0");
    await form.getByRole("button", { name: "Save to watchlist" }).click();
    await expect(form.getByRole("alert")).toContainText("Head:");
    await expect(page.getByTestId("watch-item").filter({ hasText: "Too few head" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
