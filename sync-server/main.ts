import { readConfig } from "./config";
import { startServer } from "./server";

const config = readConfig(process.env);
if ("errors" in config) {
  console.error(`Rangeline cannot start; the configuration is invalid:\n  - ${config.errors.join("\n  - ")}`);
  process.exit(1);
}

const server = await startServer(config);
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
