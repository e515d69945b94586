import { expect, test } from "./fixtures";
import { expectNoHorizontalOverflow, field, offlineReload, pricesLoaded } from "./quote-helpers";

// The breakeven calculator (docs/pricing.md): the engine's inputs and results with an LRP net floor beside.

const result = (page: import("@playwright/test").Page) => page.getByTestId("breakeven-result");

test("works out the breakeven with today's LRP net floor beside it", async ({ page }) => {
  await page.goto("/breakeven-calculator");
  await pricesLoaded(page);
  // (5.5 × 380 + 250 + 30 + 20 + 60) ÷ 0.985 ÷ 8.5 = 292.62
  await expect(page.getByTestId("breakeven-cwt")).toHaveText("$292.62");
  await expect(result(page)).toContainText("$2,450.00");
  await expect(result(page)).toContainText("$2,487.31");
  await expect(page.getByTestId("lrp-floor")).toHaveText(/^\$\d+\.\d{2,4}$/);
  await expect(field(page, /^Endorsement/)).toHaveValue(/^13-/);
});

test("takes the producer's own LRP figures", async ({ page }) => {
  await page.goto("/breakeven-calculator");
  await expect(result(page)).toBeVisible();
  await page.getByText("My own figures", { exact: true }).click();
  await field(page, "LRP coverage price").fill("300");
  await field(page, "LRP producer premium").fill("5");
  await expect(page.getByTestId("lrp-floor")).toHaveText("$295.00");
  await expect(result(page)).toContainText("$2.38");
});

test("explains invalid input next to the field and computes nothing", async ({ page }) => {
  await page.goto("/breakeven-calculator");
  await expect(result(page)).toBeVisible();
  await field(page, "Sale weight").fill("");
  await expect(page.getByText("Enter the sale weight in cwt, e.g. 8.5")).toBeVisible();
  await expect(result(page)).toBeHidden();
  await field(page, "Sale weight").fill("8.5");
  await field(page, "Death loss").fill("100");
  await expect(field(page, "Death loss")).toHaveAttribute("aria-invalid", "true");
  await expect(result(page)).toBeHidden();
});

test("keeps the inputs in the URL and works offline", async ({ page, context }) => {
  await page.goto("/breakeven-calculator");
  await expect(result(page)).toBeVisible();
  const before = await page.getByTestId("breakeven-cwt").textContent();
  await field(page, "Feed").fill("300");
  await expect(page).toHaveURL(/feed=300/);
  // The URL follows the input at once; the figure follows when the worker has answered.
  await expect(page.getByTestId("breakeven-cwt")).not.toHaveText(before ?? "");
  const breakeven = await page.getByTestId("breakeven-cwt").textContent();
  await page.reload();
  await expect(field(page, "Feed")).toHaveValue("300");
  await expect(page.getByTestId("breakeven-cwt")).toHaveText(breakeven ?? "");
  await offlineReload(page, context, async () => {
    await expect(page.getByTestId("breakeven-cwt")).toHaveText(breakeven ?? "");
  });
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("nothing scrolls sideways", async ({ page }, testInfo) => {
    await page.goto("/breakeven-calculator");
    await expect(result(page)).toBeVisible();
    await expectNoHorizontalOverflow(page, testInfo, "breakeven-360");
  });
});
