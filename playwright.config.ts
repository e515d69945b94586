import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8181);

// Playwright drives Debian's Chromium; it never downloads a browser of its own.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".test-results/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // E2E_EXTERNAL_SERVER=1: run against a server already listening on E2E_PORT (started with its own
  // STATIC_DIR and DATA_DIR), so engineers working side by side do not rebuild one dist/ at once.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : {
        command: `node scripts/start.mjs`,
        env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR ?? ".data/e2e", NODE_ENV: "test" },
        url: `http://127.0.0.1:${port}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
      },
});
