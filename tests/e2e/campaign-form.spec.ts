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
