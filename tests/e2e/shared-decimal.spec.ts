import { expect, test } from "./fixtures";

// docs/first-visit.md: the page and the pricing worker run one decimal.js file. The worker is bundled on its own
// and used to carry a second copy (~12 KB gzipped) on every first LRP quote screen.

test.use({ serviceWorkers: "block" });

test("the LRP quote screen's scripts, the worker's included, hold decimal.js once", async ({ page }) => {
  const holders = new Set<string>();
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith(".js")) return;
    reads.push(
      response
        .text()
        .then((text) => {
          // decimal.js's own error prefix: in whichever file carries its code.
          if (text.includes("[DecimalError] ")) holders.add(path.replace(/-[\w-]+\.js$/, ".js"));
        })
        .catch(() => {}),
    );
  });
  await page.goto("/insurance/lrp-quote");
  await page.locator('table[aria-label="LRP coverage table"] tbody tr').first().waitFor();
  await Promise.all(reads);
  expect([...holders]).toEqual(["/assets/decimal.js"]);
});
