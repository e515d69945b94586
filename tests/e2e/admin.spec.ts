import { expect, test } from "@playwright/test";
import { AGENT, device, expectAllSynced, user } from "./sync-helpers";

// Administration (issue 13 §6): an admin changes the organisation's primary colour and an agent's open
// screen takes it at once; invitations; the last admin cannot demote themselves.

const ADMIN = user("admin@demo.rangeline.test");

const primaryOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());

test("an admin changes the primary colour and the agent's screen shows it live", async ({ browser }) => {
  const admin = await device(browser, ADMIN, "/settings/app");
  const agent = await device(browser, AGENT, "/agent/customers");
  try {
    await expectAllSynced(admin.page);
    await expectAllSynced(agent.page);
    const before = await primaryOf(agent.page);
    const colour = before.toUpperCase() === "#1F5C99" ? "#2A6B3F" : "#1F5C99";

    const primary = admin.page.getByTestId("app-settings-form").locator('input[name="colorScheme.primary"]');
    // A colour white text cannot be read on: the contrast warning appears in the preview.
    await primary.fill("#FFD400");
    await expect(admin.page.getByText("Hard to read")).toBeVisible();
    await expect(admin.page.getByTestId("colour-preview").locator(".settings__preview-bar")).toHaveCSS(
      "background-color",
      "rgb(255, 212, 0)",
    );
    // Not a colour: the field says so and nothing is saved.
    await primary.fill("blue");
    await admin.page.getByTestId("app-settings-save").click();
    await expect(admin.page.getByTestId("app-settings-form").locator('[data-field="colorScheme.primary"]')).toContainText(
      "colorScheme.primary must be a hex colour like #AC141C",
    );
    expect(await primaryOf(agent.page)).toBe(before);

    await primary.fill(colour);
    await expect(admin.page.getByText("Hard to read")).toHaveCount(0);
    await admin.page.getByTestId("app-settings-save").click();
    await expect(admin.page.getByText("Saved. Every member's screen takes the new look now.")).toBeVisible();
    // The agent did nothing: their screen follows within seconds, header included.
    await expect.poll(() => primaryOf(agent.page), { timeout: 5000 }).toBe(colour);
    const header = agent.page.locator(".app-header");
    await expect(header).toBeVisible();
    const bg = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
    expect(bg).toBe(`rgb(${r}, ${g}, ${b})`);
  } finally {
    await admin.context.close();
    await agent.context.close();
  }
});
