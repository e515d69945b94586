// End-to-end tests drive Debian's Chromium: its headless shell (/usr/bin/chromium-headless-shell, the
// `chromium-headless-shell` package) for the tests in pages, the whole browser (/usr/bin/chromium) for
// what only it does (Web Push through its GCM client, the benches' first visit as a user's browser).
// Install both when we can (root with apt-get); otherwise say what to install. Playwright never
// downloads a browser of its own here.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const binaries = {
  chromium: "/usr/bin/chromium",
  "chromium-headless-shell": "/usr/bin/chromium-headless-shell",
};
const missing = Object.entries(binaries).filter(([, path]) => !existsSync(path));
if (missing.length === 0) process.exit(0);
const packages = missing.map(([name]) => name);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing (${missing.map(([, path]) => path).join(", ")}). Install Debian's packages as root: apt-get update && apt-get install -y ${packages.join(" ")}`,
  );
  process.exit(1);
}

console.log(`Installing Debian's ${packages.join(" and ")} for the end-to-end tests…`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [
  ["update"],
  ["install", "-y", "--no-install-recommends", ...packages, "fonts-liberation"],
]) {
  const result = spawnSync("apt-get", ["-q", ...args], { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(
      `apt-get ${args.join(" ")} failed; install ${packages.join(" ")} by hand and run the tests again.`,
    );
    process.exit(1);
  }
}
const stillMissing = missing.filter(([, path]) => !existsSync(path)).map(([, path]) => path);
if (stillMissing.length > 0) {
  console.error(`apt-get finished but ${stillMissing.join(", ")} is still missing.`);
  process.exit(1);
}
