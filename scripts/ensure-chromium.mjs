// End-to-end tests drive Debian's Chromium at /usr/bin/chromium. Install it when we can (root with
// apt-get); otherwise say what to install. Playwright never downloads a browser of its own here.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = "/usr/bin/chromium";
if (existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = existsSync("/usr/bin/apt-get");
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing at ${chromium}. Install Debian's package as root: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}

console.log("Installing Debian's chromium package for the end-to-end tests…");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [
  ["update"],
  ["install", "-y", "--no-install-recommends", "chromium", "fonts-liberation"],
]) {
  const result = spawnSync("apt-get", ["-q", ...args], { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`apt-get ${args.join(" ")} failed; install chromium by hand and run the tests again.`);
    process.exit(1);
  }
}
if (!existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
