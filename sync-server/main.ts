import { fixClockAt } from "./clock";
import { readConfig } from "./config";
import { embeddedMarketSource } from "./market/api";
import { startSamplePublisher } from "./market/sample-publisher";
import { startServer } from "./server";

const config = readConfig(process.env);
if ("errors" in config) {
  console.error(`Rangeline cannot start; the configuration is invalid:\n  - ${config.errors.join("\n  - ")}`);
  process.exit(1);
}
// Tests only (refused in production): the server's one clock starts at CLOCK_FIXED_AT (sync-server/clock.ts).
if (config.CLOCK_FIXED_AT) {
  fixClockAt(config.CLOCK_FIXED_AT);
  console.log(`Rangeline's clock starts at ${config.CLOCK_FIXED_AT} (CLOCK_FIXED_AT) and runs from there`);
}

const server = await startServer(config).catch((error: Error) => {
  console.error(`Rangeline cannot start: ${error.message}`);
  process.exit(1);
});
// Outside production the embedded market source (sample data, labelled) is published into the
// read-only `market/current` document — the snapshot GET /api/market/current serves — and again at
// each Central midnight, when its date changes (sync-server/market/sample-publisher.ts), so devices
// keep the current snapshot and notice a new one. With a market feed configured (docs/market-data.md) the feed
// publishes instead.
if (config.NODE_ENV !== "production" && !server.market.feed) {
  await startSamplePublisher({
    source: embeddedMarketSource,
    publish: (snapshot) => server.sync.publishMarketSnapshot({ ...snapshot }),
    log: (message) => console.error(message),
  });
}

console.log(`Rangeline is running at ${server.url} (sync on ${server.url.replace(/^http/, "ws")}sync)`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  });
}
