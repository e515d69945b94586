import { expect, test } from "./fixtures";
import { CUSTOMER, device } from "./sync-helpers";

// "Save to watchlist" on the quote screens (docs/local-first.md): the setup being quoted lands in the user's
// watchlist under the name they give it.

test("an LRP and an LGM quote are saved to the watchlist from their screens", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const { page, context } = await device(browser, CUSTOMER, "/insurance/lrp-quote");
  try {
    const lrpForm = page.getByRole("form", { name: "Save to watchlist" });
    await lrpForm.getByLabel("Name in your watchlist").fill(`LRP from quote ${stamp}`);
    await lrpForm.getByRole("button", { name: "Save to watchlist" }).click();
    await expect(lrpForm.getByRole("status")).toContainText("Saved.");

    await page.goto("/insurance/lgm");
    const lgmForm = page.getByRole("form", { name: "Save to watchlist" });
    await lgmForm.getByLabel("Name in your watchlist").fill(`LGM from quote ${stamp}`);
    await lgmForm.getByRole("button", { name: "Save to watchlist" }).click();
    await expect(lgmForm.getByRole("status")).toContainText("Saved.");

    await page.goto("/insurance/watchlist");
    for (const [name, plan] of [
      [`LRP from quote ${stamp}`, "LRP · "],
      [`LGM from quote ${stamp}`, "LGM · "],
    ]) {
      const saved = page.locator(`[data-testid="watch-item"][data-name="${name}"]`);
      await expect(saved).toContainText(plan);
      await expect(saved.getByTestId("producer-premium")).toHaveText(/^\$[\d,]+\.\d{2}/, { timeout: 30_000 });
      await saved.getByRole("button", { name: "Remove" }).click();
      await expect(saved).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});
