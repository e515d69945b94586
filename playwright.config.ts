import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL } from "./tests/e2e/browsers";
import { DAYS } from "./tests/e2e/days";

const port = Number(process.env.E2E_PORT ?? 8181);

// One clock and fresh data per run (docs/server-layout.md; README "End-to-end tests: one clock, fresh data"). This file is read by the runner and
// again by each worker, which inherit the runner's environment: what is set here once holds for all.
// - The clock: the server under test starts at E2E_CLOCK_FIXED_AT (its CLOCK_FIXED_AT), the browser
//   contexts and the tests' own dates start there too (tests/e2e/clock.ts, fixtures.ts), measured from
//   E2E_CLOCK_STARTED, which the global setup takes from the server's clock. The sales day of
//   tests/e2e/days.ts: the suite's expectations are written for it.
// - The data: a new folder per run under the system's temporary folder (removed after the run), unless
//   E2E_DATA_DIR names one (an external server's, required then; give it an empty folder).
process.env.E2E_CLOCK_FIXED_AT ??= DAYS.sales;
process.env.E2E_CLOCK_STARTED ??= String(Date.now());
if (!process.env.E2E_DATA_DIR) {
  if (process.env.E2E_EXTERNAL_SERVER)
    throw new Error(
      "E2E_EXTERNAL_SERVER needs E2E_DATA_DIR: the (empty) folder the server was started with as DATA_DIR; specs read its keys",
    );
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), "rangeline-e2e-"));
  process.env.E2E_DATA_DIR_MADE = "1";
}

// Two workers, one server (README "End-to-end tests: two at once"): CI's machine has two cores and most of a
// test is waiting on the browser and the server. A spec file's tests stay in one worker, in order (a
// file opts in to spreading its tests with test.describe.configure({ mode: "parallel" })). What cannot
// share the server with another test at the same moment says so with a lock (tests/e2e/fixtures.ts:
// DEMO_CUSTOMER, EXCLUSIVE), so a new spec runs beside the others unless it asks not to.
// Playwright drives Debian's Chromium (its headless shell); it never downloads a browser of its own.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Each test's budget, twice Playwright's default: CI machines differ about twofold in speed (the same
  // suite took 600 s and 1,210 s on two of them), and a test of two devices typing at a person's pace
  // takes 20 s on the faster one. Longer scenarios set their own.
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: ".test-results/playwright.json" }]],
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Debian's headless shell, not the whole browser (tests/e2e/browsers.ts).
    launchOptions: { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS },
  },
  // E2E_EXTERNAL_SERVER=1: run against a server already listening on E2E_PORT (started with its own
  // STATIC_DIR, an empty DATA_DIR given as E2E_DATA_DIR too, and CLOCK_FIXED_AT=E2E_CLOCK_FIXED_AT), so
  // engineers working side by side do not rebuild one dist/ at once. The global setup checks its day.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : {
        command: `node scripts/start.mjs`,
        env: {
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR,
          NODE_ENV: "test",
          CLOCK_FIXED_AT: process.env.E2E_CLOCK_FIXED_AT,
        },
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
      },
});
