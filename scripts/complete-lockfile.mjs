// npm 11 on these machines leaves some platform-specific optional packages (those of packages whose
// platform builds declare `libc`, e.g. @biomejs/cli-* and @rollup/rollup-*) out of package-lock.json,
// and then its own `npm ci` refuses the lock file ("Missing: … from lock file"): the registry
// reachable here does not serve the other platforms' builds, so npm cannot record them. This script
// adds the missing entries as optional packages for their platform — os/cpu/libc read from the
// package name (`…-{os}-{cpu}[-{abi}]`) — so `npm ci` accepts the lock file and skips them. Run it after any `npm install` that changes the lock file:
//   npx node scripts/complete-lockfile.mjs
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = "package-lock.json";
const OSES = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "netbsd",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
  "aix",
];
const CPUS = ["arm", "arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const at = parts.findIndex((part) => OSES.includes(part));
  const [os, cpu, abi] = at >= 0 ? parts.slice(at) : [];
  if (!os || !CPUS.includes(cpu)) throw new Error(`Cannot tell the platform of ${name} from its name.`);
  const libc = abi?.startsWith("musl") ? "musl" : abi?.startsWith("gnu") ? "glibc" : undefined;
  return { os, cpu, libc: os === "linux" ? libc : undefined };
}
const dryRun = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts"], { encoding: "utf8" });
const missing = [
  ...`${dryRun.stdout}\n${dryRun.stderr}`.matchAll(/Missing: (.+?)@[^@\s]* from lock file/g),
].map((m) => m[1]);
if (missing.length === 0) {
  console.log("package-lock.json is complete.");
  process.exit(0);
}

const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
for (const name of missing) {
  const parent = Object.entries(packages).find(([, entry]) => entry.optionalDependencies?.[name]);
  if (!parent) throw new Error(`No package in the lock file declares the optional dependency ${name}.`);
  const [, parentEntry] = parent;
  const version = parentEntry.optionalDependencies[name];
  const platform = platformOf(name);
  const entry = { version, cpu: [platform.cpu] };
  if (parentEntry.dev) entry.dev = true;
  if (platform.libc) entry.libc = [platform.libc];
  entry.optional = true;
  entry.os = [platform.os];
  packages[`node_modules/${name}`] = entry;
  console.log(`added ${name}@${version}`);
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${missing.length} entries; check with: npm ci --dry-run`);
