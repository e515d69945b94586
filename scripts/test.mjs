// `npm test`: every check, in order — type-check, lint/format, unused code (knip), unit and integration
// tests (Vitest), end-to-end tests (Playwright in Chromium). Every step runs even when an earlier one fails, so one
// run shows everything that is wrong; the last line sums up as "N passed, N failed".
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);
const results = join(root, ".test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const run = (label, command, args) => {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  console.log(
    `━━ ${label}: ${status === 0 ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return status === 0;
};
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

let passed = 0;
let failed = 0;
let skipped = 0;
const count = (ok) => (ok ? passed++ : failed++);

/** Starts `command` in the background, its output into `log`; resolves with whether it succeeded. */
const background = (command, args, log) =>
  new Promise((resolve) => {
    const out = openSync(log, "w");
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", out, out] });
    child.on("exit", (code) => resolve(code === 0));
    child.on("error", () => resolve(false));
  });

// Two things the end-to-end tests need start now, beside the type-check (one process on one of the
// machine's cores), so that step finds them ready: the app's build (`npm start`, the tests' server,
// rebuilds only when a source is newer than the build, which is never during the run), and Debian's
// Chromium, which a fresh machine installs with apt-get (mostly waiting on the network and the disk).
const buildLog = join(results, "build.log");
const build = background(bin("vite"), ["build", "--logLevel", "warn"], buildLog);
const chromiumLog = join(results, "chromium.log");
const chromium = background(process.execPath, [join(root, "scripts", "ensure-chromium.mjs")], chromiumLog);

count(run("type-check", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]));
count(run("lint and format", bin("biome"), ["ci", "."]));
// Unused files, exports, types and dependencies (knip.jsonc).
count(run("unused code", bin("knip"), ["--no-progress"]));

const unitOk = run("unit and integration tests", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${join(results, "vitest.json")}`,
]);
const vitest = readJson(join(results, "vitest.json"));
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!unitOk && (!vitest || vitest.numFailedTests === 0)) failed++;

console.log("\n━━ app build for the end-to-end tests ━━");
const built = await build;
console.log(readFileSync(buildLog, "utf8").trim() || "(no warnings)");
console.log(`━━ app build: ${built ? "ok" : "FAILED (the end-to-end step builds again and shows why)"}`);

console.log("\n━━ chromium ━━");
const chromiumOk = await chromium;
console.log(readFileSync(chromiumLog, "utf8").trim() || "(already installed)");
console.log(`━━ chromium: ${chromiumOk ? "ok" : "FAILED"}`);
const e2eOk = chromiumOk && run("end-to-end tests", bin("playwright"), ["test"]);
const playwright = readJson(join(results, "playwright.json"));
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
if (!e2eOk && (!playwright || playwright.stats.unexpected === 0)) failed++;

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
