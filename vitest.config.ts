import { defineConfig } from "vitest/config";

// Unit tests sit next to their code; tests/integration holds what crosses runtimes.
// tests/e2e is Playwright's, not Vitest's.
export default defineConfig({
  test: {
    include: [
      "shared/**/*.test.ts",
      "src/**/*.test.{ts,tsx}",
      "worker/**/*.test.ts",
      "sync-server/**/*.test.ts",
      "cli/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
