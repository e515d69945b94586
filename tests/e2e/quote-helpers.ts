import { type BrowserContext, expect, type Page, type TestInfo } from "@playwright/test";
import { type LrpSalesGroup, lrpSalesSuspension } from "../../shared/market/calendar";
import { lrpNoSales } from "../../shared/pricing/sales-day";
import { centralDateOf } from "../../shared/pricing/sales-window";
import { DEFAULT_DRAFT } from "../../src/features/watchlist/setup-form-model";

// Shared steps of the quote screens' end-to-end tests (tests/e2e/quote-*.spec.ts).

/** The page does not scroll sideways at its viewport width; a full-page screenshot is kept. */
export async function expectNoHorizontalOverflow(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(clientWidth);
}

/** Waits until the service worker controls the page (the app shell and the market are then kept). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Reloads with no network and runs `check`; the network comes back afterwards whatever happens. */
export async function offlineReload(
  page: Page,
  context: BrowserContext,
  check: () => Promise<void>,
): Promise<void> {
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText("saved on this device", { exact: true })).toBeVisible();
    await check();
  } finally {
    await context.setOffline(false);
  }
}

/** The input of a labelled field. */
export const field = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: typeof label === "string" });

export const pricesLoaded = async (page: Page): Promise<void> => {
  await expect(page.getByText(/Prices as of /)).toBeVisible();
  await expect(page.getByTestId("market-status")).toContainText("sample market data");
};

/**
 * Why no LRP endorsement of `group` can be bought today — a USDA report day of the group or an exchange
 * holiday (shared/market/calendar.ts) — or null. The embedded server's sample market data is made for
 * its date in Central time, so on such a day the quote screen says there are no sales and every offer
 * of that group is refused when saved; the tests that buy one check that refusal instead and end there
 * (the steps after it need the coverage).
 */
export const lrpSalesSuspendedToday = (group: LrpSalesGroup): string | null =>
  lrpSalesSuspension(centralDateOf(new Date()), group);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The push text of a price alert on the watchlist's default setup (LRP feeder cattle) with a producer
 * premium target of $99,999 or less, for prices of `asOf`: on a day without LRP sales of that commodity
 * (weekend, exchange holiday, report day: shared/pricing/sales-day.ts) it ends by saying they cannot be
 * bought (issue 26), so the tests hold on any day.
 */
export function premiumAlertBody(asOf: string): RegExp {
  const noSales = lrpNoSales(asOf, DEFAULT_DRAFT.lrpCommodity);
  const suffix = noSales
    ? escapeRegExp(` No sales on ${noSales.date} (${noSales.reason}): these prices cannot be bought.`)
    : "";
  return new RegExp(
    `^${asOf} prices: producer premium \\$[\\d.]+/head \\(target \\$99999 or less\\)\\.${suffix}$`,
  );
}
