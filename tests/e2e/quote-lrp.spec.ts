import { LRP_COVERAGE_TABLE_COLUMNS } from "../../shared/catalogue/labels";
import { expect, test } from "./fixtures";
import { expectNoHorizontalOverflow, field, offlineReload, pricesLoaded } from "./quote-helpers";

// The LRP quote screen (docs/pricing.md): defaults, every §3 column, sorting, filtering, the chosen row, unit
// basis, the spec's messages inline, the URL round trip, offline use and 360 px.

const table = (page: import("@playwright/test").Page) =>
  page.getByRole("table", { name: "LRP coverage table" });
const bodyRows = (page: import("@playwright/test").Page) => table(page).locator("tbody tr");

test("opens with the defaults and the whole offer table before anything is touched", async ({ page }) => {
  await page.goto("/insurance/lrp-quote");
  await pricesLoaded(page);
  await expect(field(page, "Commodity")).toHaveValue("0801");
  await expect(field(page, "Type")).toHaveValue("810");
  await expect(field(page, "Head")).toHaveValue("100");
  await expect(field(page, "Target weight")).toHaveValue("7.5");
  await expect(field(page, "Insurance provider")).toHaveValue("proAg");
  await expect(table(page)).toBeVisible();
  for (const label of LRP_COVERAGE_TABLE_COLUMNS)
    await expect(
      table(page).getByRole("columnheader", {
        name: new RegExp(`^${label.replace(/[()/]/g, "\\$&")}( (total|/cwt|/head))?$`),
      }),
    ).toBeVisible();
  expect(await bodyRows(page).count()).toBeGreaterThan(20);
  // The run's day is a sales day (noon Central, Wednesday 2026-11-18): the countdown to the next
  // morning's cutoff, and the sales calendar's next report day, Cattle on Feed on Friday the 20th. Days
  // without sales have their own tests (day-kinds.spec.ts).
  const status = page.getByTestId("market-status");
  await expect(status.getByTestId("sales-suspended")).toHaveCount(0);
  await expect(status).toContainText("until the 8:25 am Central sales cutoff");
  await expect(status).toContainText("next listed report day: Nov 20, 2026 (USDA's 2026 release calendar).");
  await expect(page.getByText("LRP settles on a cash index; a put settles on futures.")).toBeVisible();
  await expect(page.getByRole("img", { name: /Net price floor and cost by coverage level/ })).toBeVisible();
});

test("shows the spec's head limit and the weight range next to the field and computes nothing", async ({
  page,
}) => {
  await page.goto("/insurance/lrp-quote");
  await expect(table(page)).toBeVisible();
  await field(page, "Head").fill("12001");
  await expect(page.getByText("Feeder Cattle max limit is 12,000")).toBeVisible();
  await expect(field(page, "Head")).toHaveAttribute("aria-invalid", "true");
  await expect(table(page)).toBeHidden();

  await field(page, "Head").fill("100");
  await field(page, "Target weight").fill("12");
  await expect(page.getByText("must be from 6 to 10 cwt for Steers 600-1000 lbs")).toBeVisible();
  await expect(table(page)).toBeHidden();

  await field(page, "Target weight").fill("abc");
  await expect(page.getByText("Enter the target weight per head in cwt, e.g. 7.5")).toBeVisible();

  await field(page, "Commodity").selectOption("0815");
  await field(page, "Head").fill("70001");
  await expect(page.getByText("Swine max limit is 70,000")).toBeVisible();
  await field(page, "Head").fill("500");
  await expect(table(page)).toBeVisible();
  // The swine sales calendar's note (the run's day is a swine sales day too).
  const status = page.getByTestId("market-status");
  await expect(status.getByTestId("sales-suspended")).toHaveCount(0);
  await expect(status.getByText(/Hogs and Pigs report days/)).toBeVisible();
});

test("sorts, filters, chooses a row and keeps all of it in the URL across a reload", async ({ page }) => {
  await page.goto("/insurance/lrp-quote");
  await expect(table(page)).toBeVisible();
  await field(page, "Head").fill("250");
  await field(page, "Endorsement length").selectOption("26");
  await expect(bodyRows(page).first().locator("th")).toHaveText("26");
  await page.getByRole("button", { name: /^Producer Premium \(\/cwt\)/ }).click();
  const perCwt = async () =>
    (await table(page).locator("tbody tr td:nth-child(11)").allTextContents()).map((t) =>
      Number(t.replace(/[$,]/g, "")),
    );
  const values = await perCwt();
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await page.getByText("Per head", { exact: true }).click();
  await expect(table(page).getByRole("columnheader", { name: /^Total Premium/ })).toContainText("/head");
  const pick = bodyRows(page).nth(2);
  await pick.locator("th button").click();
  await expect(pick).toHaveAttribute("aria-current", "true");
  const chosen = await page.getByTestId("chosen-coverage").getByRole("heading", { level: 2 }).textContent();

  await expect(page).toHaveURL(/head=250/);
  await expect(page).toHaveURL(/weeks=26/);
  await expect(page).toHaveURL(/sort=producer-premium-cwt\.asc/);
  await expect(page).toHaveURL(/basis=head/);
  await page.reload();
  await expect(field(page, "Head")).toHaveValue("250");
  await expect(field(page, "Endorsement length")).toHaveValue("26");
  await expect(table(page).locator('tbody tr[aria-current="true"]')).toHaveCount(1);
  await expect(page.getByTestId("chosen-coverage").getByRole("heading", { level: 2 })).toHaveText(
    chosen ?? "",
  );
  expect(await perCwt()).toEqual(values);
});

test("copies the table as text", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/insurance/lrp-quote?weeks=13");
  await expect(table(page)).toBeVisible();
  await page.getByRole("button", { name: "Copy as text" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain("LRP quote: Steers 600-1000 lbs, 100 head at 7.5 cwt");
  expect(text).toContain("Endorsement Length (weeks) | End Date | Coverage Level");
  expect(text).toContain("(sample market data)");
});

test("quotes offline after one visit, from the prices saved on the device", async ({ page, context }) => {
  await page.goto("/insurance/lrp-quote?head=300");
  await expect(table(page)).toBeVisible();
  await offlineReload(page, context, async () => {
    await expect(field(page, "Head")).toHaveValue("300");
    await expect(table(page)).toBeVisible();
    await field(page, "Head").fill("400");
    await expect(page.getByText(/400 head at 7.5 cwt/)).toBeVisible();
  });
});

test.describe("at 360 px wide", () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test("with all 15 columns shown, the table scrolls inside itself with its first column pinned", async ({
    page,
  }, testInfo) => {
    await page.goto("/insurance/lrp-quote");
    await expect(table(page)).toBeVisible();
    // A phone shows five columns that fit (docs/first-day.md, first-day.spec.ts); every column is one tap away.
    await page.getByRole("button", { name: "Show all 15 columns" }).click();
    const scroller = page.getByTestId("coverage-table-scroll");
    await expect(scroller.locator("thead th:visible")).toHaveCount(15);
    await expectNoHorizontalOverflow(page, testInfo, "lrp-quote-360");
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    const pinned = bodyRows(page).first().locator("th");
    const before = await pinned.boundingBox();
    await scroller.evaluate((el) => el.scrollBy(400, 0));
    const after = await pinned.boundingBox();
    expect(after?.x).toBe(before?.x);
  });
});

test.describe("with prices from an older day", () => {
  test.use({ serviceWorkers: "block" });
  test("marks them stale and the modelled rates indicative", async ({ page }) => {
    // The server's snapshot moved a week back: older than the last trading day, and with no RMA rate rows
    // for its own date, so every rate is modelled from the CME put.
    await page.route("**/api/market/current", async (route) => {
      const response = await route.fetch();
      const snapshot = await response.json();
      const asOf = new Date(Date.parse(`${snapshot.asOf}T00:00:00Z`) - 7 * 86_400_000)
        .toISOString()
        .slice(0, 10);
      await route.fulfill({ response, json: { ...snapshot, asOf } });
    });
    await page.goto("/insurance/lrp-quote");
    await expect(page.getByText("stale", { exact: true })).toBeVisible();
    await expect(page.getByText(/These prices are older than the last trading day/)).toBeVisible();
    await expect(table(page)).toBeVisible();
    await expect(page.getByText(/Indicative rate: RMA has not published this row/)).toBeVisible();
    await expect(table(page).locator("tbody tr td:nth-child(6)").first()).toHaveText(/ \*$/);
    await expect(page.getByTestId("chosen-coverage")).toContainText("indicative");
  });
});
