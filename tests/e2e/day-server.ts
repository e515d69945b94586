import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import { readConfig } from "../../sync-server/config";
import { startServer } from "../../sync-server/server";
import { moveClockTo } from "./clock";
import { test } from "./fixtures";

// A server of its own on another day than the run's (a report day, a holiday, a weekend), for the tests of
// one describe or file: this process's clock moved to that instant, a fresh data folder, and that day's sample
// market published as the embedded publisher would. The clock goes back to the run's when the tests are done.
// The browser's clock follows with `test.use({ clockAt })` (./fixtures.ts).

const STATIC_DIR = process.env.E2E_STATIC_DIR ?? process.env.ALERTS_STATIC_DIR ?? "dist";

export interface DayServer {
  /** The server's origin, e.g. http://127.0.0.1:40123 (set once the describe's beforeAll ran). */
  base: string;
}

/** Registers beforeAll/afterAll that start and stop a server on `at`'s day; read `.base` inside the tests. */
export function serverOnDay(at: string): DayServer {
  const day: DayServer = { base: "" };
  let close = async () => {};
  test.beforeAll(async () => {
    const restoreClock = moveClockTo(at);
    const dataDir = mkdtempSync(join(tmpdir(), "rangeline-e2e-day-"));
    const config = readConfig({
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      STATIC_DIR,
    });
    if ("errors" in config) throw new Error(config.errors.join("; "));
    const server = await startServer(config);
    await server.publishMarket(generateSampleSnapshot(at.slice(0, 10)));
    day.base = `http://127.0.0.1:${server.port}`;
    close = async () => {
      await server.close();
      restoreClock();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  test.afterAll(async () => close());
  return day;
}
