import { mkdirSync } from "node:fs";
import { serve } from "@hono/node-server";
import { readConfig } from "./config";
import { createHttpApp } from "./http/app";

const config = readConfig(process.env);
if ("errors" in config) {
  console.error(`Rangeline cannot start; the configuration is invalid:\n  - ${config.errors.join("\n  - ")}`);
  process.exit(1);
}

mkdirSync(config.DATA_DIR, { recursive: true });
const app = createHttpApp(config);
const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  console.log(`Rangeline is running at http://localhost:${info.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
