// `npm start`: build the PWA when the build is missing or older than its sources, then run the sync
// server (which serves the build, /api/* and /sync on one port).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const sources = ["src", "shared", "worker", "public", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = newestMtime(join(root, "dist", "index.html"));
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt === 0 || builtAt < changedAt) {
  console.log(builtAt === 0 ? "No build found: building the app…" : "Sources changed: rebuilding the app…");
  const vite = join(root, "node_modules", ".bin", "vite");
  const result = spawnSync(vite, ["build", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The app build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}

const { register } = await import("tsx/esm/api");
register();
await import("../sync-server/main.ts");
