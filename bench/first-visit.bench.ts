// `npm run bench:first-visit`: the first visit on a rural link (docs/first-visit.md). Not a test: it prints figures.
//   - first visit (nothing cached, no service worker) of /insurance/lrp-quote at 360 px until the first
//     row of the LRP coverage table is in the page, with the network throttled by Chromium (CDP
//     Network.emulateNetworkConditions): slow 4G (1.6 Mbps, 150 ms RTT) and 3G (750 kbps, 300 ms RTT);
//     median of 3, and the bytes received (encoded, headers included) before the row was there
//   - a returning visit on slow 4G once the service worker controls the page (median of 3)
// Goals: slow 4G ≤ 2.5 s, 3G ≤ 5 s, ≤ 250 KB before the table, returning ≤ 1 s. Figures are noisy on a
// loaded machine. It builds the app into a temporary directory and runs the real server there
// (BENCH_PORT, default any free port).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, type CDPSession, chromium } from "@playwright/test";
import { readConfig } from "../sync-server/config";
import { startServer } from "../sync-server/server";

const root = fileURLToPath(new URL("..", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "rangeline-first-visit-"));
const dist = join(work, "dist");
const RUNS = 3;
const ROW = 'table[aria-label="LRP coverage table"] tbody tr';

interface Link {
  name: string;
  kbps: number;
  rttMs: number;
  goalMs: number;
}
const LINKS: Link[] = [
  { name: "slow 4G (1.6 Mbps, 150 ms RTT)", kbps: 1600, rttMs: 150, goalMs: 2500 },
  { name: "3G (750 kbps, 300 ms RTT)", kbps: 750, rttMs: 300, goalMs: 5000 },
];

// Runs before the page's own scripts (CDP, not subject to the page's CSP): the moment the first table
// row is in the document, on the page's clock (ms since the navigation started).
const WATCH_FIRST_ROW = `(() => {
  const seen = () => {
    if (window.__firstRowAt === undefined && document.querySelector(${JSON.stringify(ROW)}))
      window.__firstRowAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true });
})();`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function throttle(cdp: CDPSession, link: Link) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: link.rttMs,
    downloadThroughput: (link.kbps * 1000) / 8,
    uploadThroughput: (link.kbps * 1000) / 8 / 2,
  });
}

interface Visit {
  ms: number;
  bytes: number;
  requests: number;
  lines: string[];
}

/** One visit: time to the first row, and what arrived before it (CDP's encoded lengths). */
async function visit(context: BrowserContext, url: string, link: Link): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp, link);
  const urls = new Map<string, string>();
  const finished: { url: string; at: number; bytes: number }[] = [];
  let wallOffset = 0;
  cdp.on("Network.requestWillBeSent", (e) => {
    urls.set(e.requestId, e.request.url);
    if (e.type === "Document") wallOffset = e.wallTime - e.timestamp;
  });
  cdp.on("Network.loadingFinished", (e) =>
    finished.push({ url: urls.get(e.requestId) ?? "?", at: e.timestamp, bytes: e.encodedDataLength }),
  );
  // Requests CDP's page target does not see (the pricing worker's own), from Playwright's events.
  const pageUrls = new Set<string>();
  cdp.on("Network.responseReceived", (e) => pageUrls.add(e.response.url));
  const others: { url: string; at: number; bytes: number; cached: boolean }[] = [];
  page.on("requestfinished", async (request) => {
    const at = Date.now() / 1000;
    try {
      const response = await request.response();
      const sizes = await request.sizes();
      others.push({
        url: request.url(),
        at,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        cached: response?.fromServiceWorker() ?? false,
      });
    } catch {
      // The page closed before its sizes were read: the request finished after the row was counted.
    }
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.locator(ROW).first().waitFor({ state: "attached", timeout: 60_000 });
  const [rowAt, timeOrigin] = (await page.evaluate("[window.__firstRowAt, performance.timeOrigin]")) as [
    number,
    number,
  ];
  const rowWall = (timeOrigin + rowAt) / 1000;
  for (const o of others)
    if (!pageUrls.has(o.url)) finished.push({ url: o.url, at: o.at - wallOffset, bytes: o.bytes });
  const before = finished.filter((f) => f.at + wallOffset <= rowWall);
  const lines = before.map(
    (f) =>
      `      ${ms((f.at + wallOffset) * 1000 - timeOrigin).padStart(7)}  ${kb(f.bytes).padStart(6)}  ${new URL(f.url).pathname}`,
  );
  await page.close();
  return { ms: rowAt, bytes: before.reduce((s, f) => s + f.bytes, 0), requests: before.length, lines };
}

console.log("Building the app…");
const build = spawnSync(
  join(root, "node_modules", ".bin", "vite"),
  ["build", "--outDir", dist, "--logLevel", "warn"],
  {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: "true" },
  },
);
if (build.status !== 0) throw new Error("the build failed");

const config = readConfig({
  ...process.env,
  PORT: process.env.BENCH_PORT ?? "0",
  HOST: "127.0.0.1",
  DATA_DIR: join(work, "data"),
  STATIC_DIR: dist,
  NODE_ENV: "test",
});
if ("errors" in config) throw new Error(config.errors.join("; "));
const server = await startServer(config, { log: () => {} });
const url = `http://127.0.0.1:${server.port}/insurance/lrp-quote`;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const newContext = async () => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  await context.addInitScript(WATCH_FIRST_ROW);
  return context;
};

try {
  for (const link of LINKS) {
    const visits: Visit[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await newContext();
      visits.push(await visit(context, url, link));
      await context.close();
    }
    const times = visits.map((v) => v.ms);
    const bytes = visits.map((v) => v.bytes);
    console.log(
      `\nFirst visit, ${link.name}: first table row at ${ms(median(times))} median (runs ${times.map(ms).join(", ")}; goal ≤ ${ms(link.goalMs)})`,
    );
    console.log(
      `  before the row: ${kb(median(bytes))} median in ${visits[0].requests} requests (goal ≤ 250 KB); the first run's:`,
    );
    console.log(visits[0].lines.join("\n"));
  }

  // Returning visit: one unthrottled visit installs the service worker and fills its precache.
  const context = await newContext();
  const first = await context.newPage();
  await first.goto(url);
  await first.waitForFunction(
    "navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller !== null)",
    null,
    { timeout: 60_000 },
  );
  await first.close();
  const returning: number[] = [];
  for (let i = 0; i < RUNS; i++) returning.push((await visit(context, url, LINKS[0])).ms);
  await context.close();
  console.log(
    `\nReturning visit with the service worker, ${LINKS[0].name}: first table row at ${ms(median(returning))} median (runs ${returning.map(ms).join(", ")}; goal ≤ 1.00 s)`,
  );
  console.log("  (the service worker's own requests are not throttled: CDP throttles the page's target)");
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
