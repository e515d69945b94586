import { expect, test } from "./fixtures";
import { expectNoHorizontalOverflow, field, offlineReload, pricesLoaded } from "./quote-helpers";

// Scenario analysis (docs/pricing.md): ending prices moved by slider or typed value, by percent or amount.

const result = (page: import("@playwright/test").Page) => page.getByTestId("scenario-result");
const money = (text: string | null) => Number((text ?? "").replace(/[$,]/g, "").replace("\u2212", "-"));

test("a typed price drop pays an indemnity; the numbers and the chart follow", async ({ page }) => {
  await page.goto("/insurance/lgm/scenario-analysis");
  await pricesLoaded(page);
  await expect(result(page)).toBeVisible();
  const unmoved = money(await page.getByTestId("indemnity").textContent());
  await field(page, "Live cattle futures: move (%)").fill("-15");
  await expect
    .poll(async () => money(await page.getByTestId("indemnity").textContent()))
    .toBeGreaterThan(unmoved);
  const indemnity = money(await page.getByTestId("indemnity").textContent());
  const net = money(await page.getByTestId("net-result").textContent());
  expect(indemnity).toBeGreaterThan(0);
  expect(net).toBeLessThan(indemnity);
  await expect(page.getByRole("img", { name: /Gross margin per head by marketing month/ })).toBeVisible();
  await expect(page).toHaveURL(/d\.lc=-15/);
});

test("the slider moves with the keyboard and by amount", async ({ page }) => {
  await page.goto("/insurance/lgm/scenario-analysis");
  await expect(result(page)).toBeVisible();
  await page.getByText("Amount", { exact: true }).click();
  await expect(page).toHaveURL(/mode=amount/);
  const thumb = page.getByRole("slider", { name: /Corn futures/ });
  await thumb.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(field(page, "Corn futures: move ($/bu)")).toHaveValue("0.1");
  const before = money(await page.getByTestId("actual-gm").textContent());
  await field(page, "Corn futures: move ($/bu)").fill("1.5");
  await expect
    .poll(async () => money(await page.getByTestId("actual-gm").textContent()))
    .toBeLessThan(before);
});

test("explains a move that is not a number and computes nothing", async ({ page }) => {
  await page.goto("/insurance/lgm/scenario-analysis");
  await expect(result(page)).toBeVisible();
  await field(page, "Feeder cattle futures: move (%)").fill("lots");
  await expect(page.getByText("Enter a percent, e.g. -10")).toBeVisible();
  await expect(result(page)).toBeHidden();
});

test("the scenario survives a reload and works offline", async ({ page, context }) => {
  await page.goto("/insurance/lgm/scenario-analysis?d.lc=-10&deductible=50");
  await expect(result(page)).toBeVisible();
  const actual = await page.getByTestId("actual-gm").textContent();
  await page.reload();
  await expect(field(page, "Live cattle futures: move (%)")).toHaveValue("-10");
  await expect(page.getByTestId("actual-gm")).toHaveText(actual ?? "");
  await offlineReload(page, context, async () => {
    await expect(page.getByTestId("actual-gm")).toHaveText(actual ?? "");
  });
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("nothing scrolls sideways", async ({ page }, testInfo) => {
    await page.goto("/insurance/lgm/scenario-analysis");
    await expect(result(page)).toBeVisible();
    await expectNoHorizontalOverflow(page, testInfo, "scenario-analysis-360");
  });
});
