import { expect, test } from "./fixtures";
import { AGENT, freshName, newCustomerPath, signIn } from "./sync-helpers";

// The quote campaign form as a new agency meets it (docs/first-day.md): commodity and type chosen by name,
// 44 px controls, no recipient until the agent chooses (CAMP1: "everyone with an e-mail address" is a
// choice), and the preview's agency name prompted while the organisation has none.

test("[CAMP1] the campaign form: named selects, 44 px controls, no recipient until chosen, errors at their field", async ({
  page,
}) => {
  await signIn(page, AGENT, newCustomerPath());
  const name = freshName("Mail Ranch");
  const form = page.getByTestId("new-customer-form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("E-mail", { exact: true }).fill("mail.ranch@example.com");
  await form.getByRole("button", { name: "Save customer" }).click();
  await expect(page.getByTestId("customer-record")).toBeVisible();
  const customerId = new URL(page.url()).searchParams.get("customer") as string;

  await page.goto("/agent/quote-campaigns/create");
  await expect(page.getByLabel("Commodity", { exact: true })).toHaveValue("0801");
  await expect(page.getByLabel("Commodity", { exact: true }).locator("option:checked")).toHaveText(
    "Feeder Cattle",
  );
  await page.getByLabel("Commodity", { exact: true }).selectOption({ label: "Swine" });
  await expect(page.getByLabel("Type", { exact: true }).locator("option:checked")).not.toHaveText("");
  const height = await page
    .getByLabel("Head", { exact: true })
    .evaluate((e) => e.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(44);
  const email = page.getByTestId(`recipient-${customerId}`).getByRole("checkbox", { name: "E-mail" });
  await expect(email).toBeVisible({ timeout: 15_000 });
  await expect(email).not.toBeChecked();
  await expect(page.getByTestId("recipients-chosen")).toHaveText(
    "No recipient chosen yet: tick the customers who should get this campaign.",
  );
  await page.getByRole("button", { name: "Choose everyone with an e-mail address" }).click();
  await expect(email).toBeChecked();
  await page.getByRole("button", { name: "Choose none" }).click();
  await expect(email).not.toBeChecked();

  await page.getByRole("button", { name: "Save campaign" }).click();
  const campaignName = page.getByLabel("Campaign name");
  await expect(campaignName).toBeFocused();
  await expect(campaignName).toHaveAccessibleDescription("enter a name for the campaign");
});

// NAV2: the next screen renders at once even while stores the old one reads keep changing (as they do while
// the book syncs). The page flips the online flag on every turn of its event loop — an urgent update of
// the shell at each point React would resume a yielding render — until the form is on the page; when
// navigations rendered as transitions, every flip restarted the form's render, so it appeared only after
// the flipping stopped (the bound: 20 s).
test("[NAV2] the campaign form appears while the shell's stores keep changing", async ({ page }) => {
  await signIn(page, AGENT, "/agent/quote-campaigns");
  const create = page.getByRole("link", { name: "New campaign" });
  await expect(create).toBeVisible();
  await page.evaluate(() => {
    let online = true;
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
    const until = Date.now() + 20_000;
    const channel = new MessageChannel();
    const w = window as unknown as { nav2: string };
    w.nav2 = "flipping";
    channel.port1.onmessage = () => {
      const shown = document.querySelector("form[aria-label='Quote campaign']") !== null;
      if (shown || Date.now() > until) {
        online = true;
        window.dispatchEvent(new Event("online"));
        w.nav2 = shown ? "shown while flipping" : "not shown while flipping";
        return;
      }
      online = !online;
      window.dispatchEvent(new Event(online ? "online" : "offline"));
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  });
  await create.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { nav2: string }).nav2), { timeout: 30_000 })
    .not.toBe("flipping");
  expect(await page.evaluate(() => (window as unknown as { nav2: string }).nav2)).toBe(
    "shown while flipping",
  );
  await expect(page.getByLabel("Campaign name")).toBeVisible();
});
