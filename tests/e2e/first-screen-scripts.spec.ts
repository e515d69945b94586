import { expect, test } from "./fixtures";

// docs/first-visit.md (docs/first-visit.md §7): the first LRP quote screen's JavaScript stays under 200 KB
// gzipped because neither the page nor the pricing worker loads zod (the worker checks the snapshot
// and the LRP input with zod-free twins of their schemas), nor Ark UI's radio group (the segmented
// control is native). Until the network is quiet after the first row, no script may hold either.

test.use({ serviceWorkers: "block" });

test("the LRP quote screen's scripts, the worker's included, hold no zod and no Ark UI", async ({ page }) => {
  const scripts = new Map<string, string>();
  const reads: Promise<void>[] = [];
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith(".js")) return;
    reads.push(
      response
        .text()
        .then((text) => {
          scripts.set(path, text);
        })
        .catch(() => {}),
    );
  });
  await page.goto("/insurance/lrp-quote");
  await page.locator('table[aria-label="LRP coverage table"] tbody tr').first().waitFor();
  await page.getByRole("radiogroup", { name: "Show dollar figures" }).getByText("Per head").click();
  await expect(page).toHaveURL(/basis=head/);
  await page.waitForLoadState("networkidle");
  await Promise.all(reads);
  const holding = (marker: string) =>
    [...scripts].filter(([, text]) => text.includes(marker)).map(([path]) => path);
  // The pricing worker and the screen's chunks were among them.
  expect([...scripts.keys()].some((path) => path.includes("pricing.worker"))).toBe(true);
  expect([...scripts.keys()].some((path) => path.includes("lrp-quote"))).toBe(true);
  // zod's base type's name, and the name zag gives the segment group's parts.
  expect(holding("$ZodType")).toEqual([]);
  expect(holding("segment-group")).toEqual([]);
});
