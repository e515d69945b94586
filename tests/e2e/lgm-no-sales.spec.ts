import { serverOnDay } from "./day-server";
import { expect, test } from "./fixtures";

// The LGM quote on a day without LGM sales (docs/market-data.md: "a quote for a day without sales says so in
// every channel"), here a weekend: Saturday 2026-11-21, when RMA publishes no margins. The quote screen
// says so in the quote card, above figures that stay readable, and "Copy as text" carries the same
// sentence. (day-kinds.spec.ts checks the sales day's absence of the note and Thanksgiving's.) As
// there: a server of its own in this process, this process's clock and the browser's on that day,
// publishing that day's sample market as the embedded publisher would; the clock goes back after.

const SATURDAY = "2026-11-21T18:00:00Z";
const SENTENCE =
  "No LGM sales on Nov 21, 2026: weekend: RMA publishes no margins. These margins are for reference: no endorsement can be bought at them.";

const day = serverOnDay(SATURDAY);
test.use({ clockAt: SATURDAY });

test("a weekend's LGM quote says there are no LGM sales that day, on screen and in the copied text", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: day.base });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: day.base });
  const page = await context.newPage();
  try {
    await page.goto("/insurance/lgm/quote");
    const result = page.getByTestId("lgm-result");
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("lgm-no-sales")).toHaveText(SENTENCE);
    // The note heads the quote card; the figures stay there to read.
    await expect(result.locator("p").first()).toHaveAttribute("data-testid", "lgm-no-sales");
    await expect(page.getByTestId("gmg")).toHaveText(/^\$[\d,]+$/);
    await result.getByRole("button", { name: "Copy as text" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain(SENTENCE);
  } finally {
    await context.close();
  }
});
