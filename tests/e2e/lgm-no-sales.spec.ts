import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixClockAt } from "../../sync-server/clock";
import { readConfig } from "../../sync-server/config";
import { type RunningServer, startServer } from "../../sync-server/server";
import { DAYS, E2E_CLOCK_FIXED_AT } from "./clock";
import { expect, type Page, test } from "./fixtures";
import { pricesLoaded } from "./quote-helpers";

// The LGM quote screen on a day without LGM sales (issue 26: "a quote for a day without sales says so
// in every channel"): Thanksgiving 2026-11-26, an exchange holiday. The run's server is on the sales
// day, so this spec starts a server of its own in this process (as alerts.spec.ts does: its own data
// folder, the app built into E2E_STATIC_DIR, default dist/) with the process clock on the holiday for
// the spec's length — the embedded sample market is dated by that clock, so its LGM margins are the
// holiday's — and the browser on the same day. The clock goes back to the run's in afterAll. On the
// run's own server (the sales day) the same screen has no such note.

const STATIC_DIR = process.env.E2E_STATIC_DIR ?? process.env.ALERTS_STATIC_DIR ?? "dist";
const result = (page: Page) => page.getByTestId("lgm-result");

test("on a sales day the LGM quote has no no-sales note", async ({ page }) => {
  await page.goto("/insurance/lgm/quote");
  await pricesLoaded(page);
  await expect(result(page)).toBeVisible();
  await expect(page.getByTestId("gmg")).toHaveText(/^\$[\d,]+$/);
  await expect(page.getByTestId("lgm-no-sales")).toHaveCount(0);
});

test.describe("on an exchange holiday", () => {
  test.use({ clockAt: DAYS.holiday });
  let server: RunningServer;
  let dataDir: string;

  test.beforeAll(async () => {
    fixClockAt(DAYS.holiday);
    dataDir = mkdtempSync(join(tmpdir(), "rangeline-e2e-lgm-no-sales-"));
    const config = readConfig({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      STATIC_DIR,
    });
    if ("errors" in config) throw new Error(config.errors.join("; "));
    server = await startServer(config);
  });
  test.afterAll(async () => {
    await server?.close();
    fixClockAt(E2E_CLOCK_FIXED_AT, Number(process.env.E2E_CLOCK_STARTED ?? Date.now()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("the LGM quote says there are no LGM sales that day, and still shows the reference figures", async ({
    page,
  }) => {
    const base = `http://127.0.0.1:${server.port}`;
    const market = await page.request.get(`${base}/api/market/current`);
    expect(((await market.json()) as { asOf: string }).asOf).toBe("2026-11-26");
    await page.goto(`${base}/insurance/lgm/quote`);
    await pricesLoaded(page);
    await expect(result(page)).toBeVisible({ timeout: 30_000 });
    const note = page.getByTestId("lgm-no-sales");
    await expect(note).toHaveText(
      /^No LGM sales on .*2026: exchange holiday \(Thanksgiving\): no LGM sales\. These margins are for reference: no endorsement can be bought at them\.$/,
    );
    await expect(note).toContainText("26");
    // The quote is still there to read, under the note.
    await expect(page.getByTestId("gmg")).toHaveText(/^\$[\d,]+$/);
    await expect(result(page).locator("p").first()).toHaveAttribute("data-testid", "lgm-no-sales");
  });
});
