import { rmSync } from "node:fs";

// The run's own data folder (playwright.config.ts made it) goes with the run; one named by
// E2E_DATA_DIR is the caller's and stays.
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (process.env.E2E_DATA_DIR_MADE === "1" && dir) rmSync(dir, { recursive: true, force: true });
}
