import { type BrowserContext, expect, type Page, type TestInfo } from "@playwright/test";

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
 * The push text of a price alert on the watchlist's default setup (LRP feeder cattle) with a producer
 * premium target of $99,999 or less, for prices of `asOf`, a day with feeder cattle sales (the tests
 * publish 2026-11-18 and 2026-11-19). On a day without sales it would end by saying they cannot be
 * bought (docs/market-data.md; shared/pricing/sales-day.ts's own tests).
 */
export function premiumAlertBody(asOf: string): RegExp {
  return new RegExp(`^${asOf} prices: producer premium \\$[\\d.]+/head \\(target \\$99999 or less\\)\\.$`);
}
