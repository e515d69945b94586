// `npm run bench:screens`: the quote screens' speed in Chromium (docs/pricing.md). Not a test: it prints figures.
//   - LRP: coverage table updated after a change of head (input event → new figures in the table, next frame)
//   - LGM: quote updated after a change of deductible (RMA draws) and of a weight (own 5,000-draw simulation)
//   - first screen interactive from the service-worker cache (offline reload → table shown, head field enabled)
//   - JavaScript needed for the first quote screen by a signed-out producer, gzipped (shell, screen
//     chunks, chart, pricing worker, and anything the page fetches until the network is quiet)
// It builds the app into a temporary directory and runs the real server there on port 0.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { readConfig } from "../sync-server/config";
import { startServer } from "../sync-server/server";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "rangeline-bench-"));
const dist = join(work, "dist");
const RUNS = 25;

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `median ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (${s.length} runs)`;
};

/**
 * Sets a field the way typing does and waits until `probe` reads something else, plus one frame. The
 * in-page code is a string: tsx would otherwise wrap its functions in a helper the page does not have.
 */
const CHANGE_AND_WAIT = `async ({ selector, value, probe }) => {
  const read = () => document.querySelector(probe)?.textContent ?? "";
  const el = document.querySelector(selector);
  const before = read();
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, "value").set;
  const t0 = performance.now();
  setter.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no change of " + probe + " within 10 s")), 10000);
    let observer;
    const done = () => {
      if (read() === before) return;
      clearTimeout(timer);
      observer.disconnect();
      requestAnimationFrame(() => resolve());
    };
    observer = new MutationObserver(done);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    done();
  });
  return performance.now() - t0;
}`;

async function timeChange(page: Page, selector: string, value: string, probe: string): Promise<number> {
  return page.evaluate(
    `(${CHANGE_AND_WAIT})(${JSON.stringify({ selector, value, probe })})`,
  ) as Promise<number>;
}

console.log("Building the app…");
const build = spawnSync(
  join(root, "node_modules", ".bin", "vite"),
  ["build", "--outDir", dist, "--logLevel", "warn"],
  {
    cwd: root,
    stdio: "inherit",
  },
);
if (build.status !== 0) throw new Error("the build failed");

const config = readConfig({
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: join(work, "data"),
  STATIC_DIR: dist,
  NODE_ENV: "test",
});
if ("errors" in config) throw new Error(config.errors.join("; "));
const server = await startServer(config, { log: () => {} });
const base = `http://127.0.0.1:${server.port}`;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});

try {
  // JavaScript of the first quote screen, on a first visit (nothing cached).
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on("response", async (response) => {
    const url = response.url();
    if (!url.endsWith(".js") || url.endsWith("/sw.js")) return;
    try {
      scripts.set(new URL(url).pathname, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // A response without a body (redirect) carries no script.
    }
  });
  await page.goto(`${base}/insurance/lrp-quote`);
  await page.getByRole("table", { name: "LRP coverage table" }).waitFor();
  await page.getByRole("img", { name: /Net price floor/ }).waitFor();
  const beforeShown = new Set(scripts.keys());
  // Whatever the page still fetches after the screen is shown counts too (a script deferred past the
  // first paint is still JavaScript of the first screen): wait until the network has been quiet.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(2000);
  await page.waitForLoadState("networkidle");
  const sized = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  const total = sized.reduce((sum, [, n]) => sum + n, 0);
  const worker = sized.filter(([p]) => p.includes("pricing.worker")).reduce((s, [, n]) => s + n, 0);
  const chart = sized.filter(([p]) => p.includes("line-chart")).reduce((s, [, n]) => s + n, 0);
  console.log("\nJavaScript for the first LRP quote screen (gzip -9 of each script loaded):");
  for (const [path, n] of sized)
    console.log(
      `  ${(n / 1024).toFixed(1).padStart(7)} KB  ${path}${beforeShown.has(path) ? "" : "  (after the screen was shown)"}`,
    );
  console.log(
    `  total ${(total / 1024).toFixed(1)} KB; of which pricing worker ${(worker / 1024).toFixed(1)} KB, chart ${(chart / 1024).toFixed(1)} KB`,
  );
  console.log(
    `  page scripts without the worker: ${((total - worker) / 1024).toFixed(1)} KB; without worker and chart: ${((total - worker - chart) / 1024).toFixed(1)} KB`,
  );

  // LRP: a change of head redraws the whole table.
  const insuredValue = 'table[aria-label="LRP coverage table"] tbody tr:first-child td:nth-child(7)';
  // A few changes first, so that the worker and the page are compiled (not counted).
  for (let i = 0; i < 5; i++) await timeChange(page, 'input[name="head"]', String(90 + i), insuredValue);
  const lrp: number[] = [];
  for (let i = 0; i < RUNS; i++)
    lrp.push(await timeChange(page, 'input[name="head"]', String(101 + i), insuredValue));
  console.log(`\nLRP table updated after a change of head: ${stats(lrp)}`);

  // LGM: deductible (the whole curve is priced anyway) and an elected weight (own simulation).
  await page.goto(`${base}/insurance/lgm/quote`);
  await page.getByTestId("producer-premium").waitFor();
  const deductibles = ["40", "30", "50", "20", "60", "10"];
  for (const d of ["30", "20"])
    await timeChange(page, 'select[name="deductible"]', d, '[data-testid="producer-premium"]');
  const lgm: number[] = [];
  for (let i = 0; i < RUNS; i++)
    lgm.push(
      await timeChange(
        page,
        'select[name="deductible"]',
        deductibles[i % deductibles.length],
        '[data-testid="producer-premium"]',
      ),
    );
  console.log(`LGM quote updated after a change of deductible (RMA's published draws): ${stats(lgm)}`);
  const simulated: number[] = [];
  for (let i = 0; i < 10; i++)
    simulated.push(
      await timeChange(page, 'input[name="lc"]', String(12.6 + i * 0.2), '[data-testid="producer-premium"]'),
    );
  console.log(
    `LGM quote updated after a change of live cattle weight (5,000 simulated draws): ${stats(simulated)}`,
  );

  // First screen interactive from the service-worker cache: offline reloads of the LRP quote.
  await page.goto(`${base}/insurance/lrp-quote`);
  await page.waitForFunction(
    "navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)",
  );
  await context.setOffline(true);
  const interactive: number[] = [];
  for (let i = 0; i < 10; i++) {
    await page.reload({ waitUntil: "commit" });
    await page.locator('table[aria-label="LRP coverage table"] tbody tr').first().waitFor();
    await page.locator('input[name="head"]:enabled').waitFor();
    interactive.push((await page.evaluate("performance.now()")) as number);
  }
  await context.setOffline(false);
  console.log(
    `First screen interactive from the service-worker cache (offline reload → table and head field): ${stats(interactive)}`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
