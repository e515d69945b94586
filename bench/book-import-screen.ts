// The book import through its screen (docs/book-import.md "Benchmark"): headless Chromium on the real
// app (a production build) and a real server, an agent on /agent/book-import chooses a CSV of the book and
// goes through the columns, the dry run and the import — the wall clock from the file's choice to "FILE is
// imported", each step's share, and whether a progress bar showed while it worked. Part of
// bench:book-import; `npx tsx bench/book-import-screen.ts` runs this part alone. BENCH_DIST: an app
// already built (else it is built into a temporary folder).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { readConfig } from "../sync-server/config";
import { DEMO_USERS } from "../sync-server/identity/demo-users";
import { startServer } from "../sync-server/server";
import { BOOK_HEADERS, bookRows, toCsv } from "../tests/fixtures/import/book-rows";

const GOAL_MS = 30_000;
const root = fileURLToPath(new URL("..", import.meta.url));

/** Notes, in the page, when a progress bar is first shown (a <progress> element in the document). */
const PROGRESS_WATCH = `(() => {
  const seen = () => { if (!window.__progressAt && document.querySelector("progress")) window.__progressAt = performance.now(); };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})();`;

export interface ScreenFigures {
  columnsMs: number;
  dryRunMs: number;
  importMs: number;
  totalMs: number;
  progressShown: boolean;
  created: string;
}

/** Imports `csv` through the screen as the demo agent of a fresh server; the wall clock of each step. */
export async function measureScreenImport(csv: string, dist: string): Promise<ScreenFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-import-screen-"));
  const config = readConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STATIC_DIR: dist,
  });
  if ("errors" in config) throw new Error(config.errors.join("; "));
  const server = await startServer(config, { log: () => {} });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const agent = DEMO_USERS.find((u) => u.email === "agent@demo.rangeline.test");
    if (!agent) throw new Error("no demo agent");
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(PROGRESS_WATCH);
    const page = await context.newPage();
    const base = `http://127.0.0.1:${server.port}`;
    await page.goto(
      `${base}/login/?login_hint=${encodeURIComponent(agent.email)}&returnTo=${encodeURIComponent("/agent/book-import")}`,
    );
    await page.getByRole("heading", { name: "Import book", level: 1 }).waitFor({ timeout: 60_000 });
    const at = () => page.evaluate(() => performance.now());
    const started = await at();
    await page
      .getByLabel("Files to import")
      .setInputFiles({ name: "book.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("heading", { name: "Columns of book.csv" }).waitFor({ timeout: 120_000 });
    const columns = await at();
    console.log(`    (columns shown at ${Math.round(columns - started)} ms)`);
    await page.getByRole("button", { name: "Check the import (dry run)" }).click();
    const created = page.getByTestId("dry-run").getByTestId("count-create");
    await created.waitFor({ timeout: 600_000 });
    const dryRun = await at();
    const toCreate = (await created.textContent()) ?? "";
    console.log(`    (dry run shown at ${Math.round(dryRun - started)} ms: ${toCreate})`);
    // The page may be busy for a while after the report appears: the click waits for it.
    await page.getByRole("button", { name: /^Import [\d,]+ records?$/ }).click({ timeout: 600_000 });
    await page
      .getByRole("status")
      .filter({ hasText: "book.csv is imported" })
      .or(page.getByText("book.csv is imported"))
      .first()
      .waitFor({ timeout: 900_000 });
    const imported = await at();
    const progressAt = await page.evaluate(() => (window as { __progressAt?: number }).__progressAt);
    return {
      columnsMs: columns - started,
      dryRunMs: dryRun - columns,
      importMs: imported - dryRun,
      totalMs: imported - started,
      progressShown: progressAt !== undefined && progressAt >= started && progressAt <= imported,
      created: toCreate,
    };
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The app to serve: BENCH_DIST, else a production build in a temporary folder (removed after). */
export function appBuild(): { dist: string; done: () => void } {
  if (process.env.BENCH_DIST) return { dist: process.env.BENCH_DIST, done: () => {} };
  const work = mkdtempSync(join(tmpdir(), "rangeline-bench-import-dist-"));
  const dist = join(work, "dist");
  console.log("Building the app…");
  const build = spawnSync(
    join(root, "node_modules", ".bin", "vite"),
    ["build", "--outDir", dist, "--logLevel", "warn"],
    { cwd: root, stdio: "inherit" },
  );
  if (build.status !== 0) throw new Error("the build failed");
  return { dist, done: () => rmSync(work, { recursive: true, force: true }) };
}

const fmt = (n: number) => `${Math.round(n).toLocaleString("en-US")} ms`;

/** The lines bench:book-import prints for the screen. */
export function screenLines(rows: number, f: ScreenFigures): string[] {
  return [
    `  screen, Chromium + real server: ${rows.toLocaleString("en-US")} rows, file chosen → "imported" ${fmt(f.totalMs).padStart(9)}   goal ≤ ${fmt(GOAL_MS)}: ${f.totalMs <= GOAL_MS ? "HOLDS" : "FAILS"}`,
    `    read and columns shown ${fmt(f.columnsMs)}; dry run (device book + worker plan) ${fmt(f.dryRunMs)} (${f.created}); import ${fmt(f.importMs)}; progress bar shown: ${f.progressShown ? "yes" : "no"}`,
  ];
}

// Run alone: `npx tsx bench/book-import-screen.ts` (BENCH_ROWS, BENCH_CUSTOMERS as bench:book-import).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = Number(process.env.BENCH_ROWS ?? 10_000);
  const customers = Number(process.env.BENCH_CUSTOMERS ?? 2_000);
  console.log(`book import through the screen; ${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}`);
  const { dist, done } = appBuild();
  try {
    const figures = await measureScreenImport(toCsv(BOOK_HEADERS, bookRows(rows, customers)), dist);
    for (const line of screenLines(rows, figures)) console.log(line);
  } finally {
    done();
  }
}
