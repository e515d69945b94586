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
    setupFiles: ["tests/fast-check-seed.ts", "tests/fresh-worker-state.ts"],
    // One process per worker for all its files, not a fresh one per file: evaluating the packages
    // (Yjs, zod, Hocuspocus, pg…) again for every file took a quarter of the suite's time. On
    // 2026-11-28, two cores: 152-183 s and 284-348 CPU-seconds against 272 s and 524. What a file leaves
    // behind in the process is put back before the next one (tests/fresh-worker-state.ts). Checked
    // with the files shuffled (`npx vitest run --sequence.shuffle.files --sequence.seed=N`): a file
    // that fails only after another leaves state behind; fix it there, or in that setup file.
    isolate: false,
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
