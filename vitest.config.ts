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
    setupFiles: ["tests/fast-check-seed.ts"],
    // Three test files at once. Vitest's default in a run is one fewer than the cores (one on CI's
    // two-core machine), but most integration files wait on servers, sockets and databases rather than
    // compute; each uses its own data folder, PostgreSQL schema, Redis prefix and ports, so they can
    // overlap. On two cores three take 139-140 s where two took 161 s (the same 250 CPU-seconds: two
    // left a fifth of the cores idle).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
