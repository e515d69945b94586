import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { DemoUser } from "../../sync-server/identity/demo-users";
import { CHROMIUM_ARGS, HEADLESS_SHELL, HEADLESS_SHELL_BINARY } from "./browsers";
import { e2eNow } from "./clock";
import { type BrowserContext, chromium, expect, onRunClock, type Page } from "./fixtures";
import { signIn } from "./sync-helpers";

// The drills of docs/hardening.md run against servers of their own (ports 8192-8199, their own data folders,
// stopped, restored and restarted as an administrator would) and browsers on persistent profiles (a
// device's disk: IndexedDB and the service worker survive a restart of the browser). DRILL_APP_ROOT
// points the drills at another checkout (to run them against older code).

const root = process.env.DRILL_APP_ROOT ?? fileURLToPath(new URL("../../", import.meta.url));

/** A folder of its own under the system's temporary folder, removed by `cleanUp`. */
const scratch: string[] = [];
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `rangeline-drill-${label}-`));
  scratch.push(dir);
  return dir;
}
export function cleanUp() {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface DrillServer {
  origin: string;
  dataDir: string;
  staticDir: string;
  /** Stops the server (SIGTERM: it flushes and closes as on a planned stop; SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** Starts it again on the same port, data folder and build. */
  start(): Promise<void>;
  /** What the server printed (for a failing drill's report). */
  output(): string;
}

async function healthy(origin: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the drill server exited: ${log()}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the drill server did not start: ${log()}`);
}

/** The real server (sync-server/main.ts) on `port`, serving a copy of the build, on a new data folder. */
export async function startDrillServer(port: number): Promise<DrillServer> {
  const dataDir = tempDir(`data-${port}`);
  const staticDir = tempDir(`static-${port}`);
  cpSync(join(root, "dist"), staticDir, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = "";
  const server: DrillServer = {
    output: () => output,
    origin,
    dataDir,
    staticDir,
    async start() {
      const started = spawn(process.execPath, ["--import", "tsx", join(root, "sync-server/main.ts")], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          STATIC_DIR: staticDir,
          NODE_ENV: "test",
          CLOCK_FIXED_AT: e2eNow().toISOString(),
          DATABASE_URL: "",
          REDIS_URL: "",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.stdout?.on("data", (d) => {
        output += d;
      });
      started.stderr?.on("data", (d) => {
        output += d;
      });
      child = started;
      await healthy(origin, started, () => output.slice(-2000));
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGTERM");
      // As an administrator would: a server that does not stop within 5 s is killed.
      const timer = setTimeout(() => running.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  await server.start();
  return server;
}

/** `npx rangeline <args>` as an administrator runs it; throws with its output when it fails. */
export function rangeline(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, "bin/rangeline.mjs"), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`rangeline ${args.join(" ")}: ${output}`)),
    );
  });
}

export interface Device {
  context: BrowserContext;
  page: Page;
  profile: string;
  close(): Promise<void>;
}

/** Chromium on a persistent profile (a device's disk), on `path` of `origin`. */
export async function openDevice(
  profile: string,
  origin: string,
  path = "/",
  { offline = false } = {},
): Promise<Device> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: HEADLESS_SHELL,
    args: CHROMIUM_ARGS,
    baseURL: origin,
    offline,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  await onRunClock(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(path);
  return { context, page, profile, close: () => context.close() };
}

/** Signs `who` in on a page without a base URL (a browser driven over DevTools), to `path` of `origin`. */
export async function signInAt(page: Page, origin: string, who: DemoUser, path: string) {
  await page.goto(
    `${origin}/login/?login_hint=${encodeURIComponent(who.email)}&returnTo=${encodeURIComponent(path)}`,
  );
  await expect(page.getByRole("button", { name: `Account: ${who.name}` })).toBeVisible({ timeout: 20_000 });
}

/** A device on a new profile, signed in as `who`, on `path` of `origin`. */
export async function signedInDevice(
  origin: string,
  who: DemoUser,
  path: string,
  profile = tempDir("profile"),
) {
  const device = await openDevice(profile, origin);
  await signIn(device.page, who, path);
  return device;
}

/** Waits until the page's service worker controls it (the app then opens offline). */
export const controlled = (page: Page) =>
  page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });

export interface KillableBrowser {
  context: BrowserContext;
  page: Page;
  /** SIGKILL to every process of the browser: it gets no chance to write anything more. */
  kill(): void;
  /** Closes the browser as a person would (it writes what it keeps, then exits). */
  close(): Promise<void>;
}

/**
 * Chromium started as its own process on a persistent profile (so it can be killed outright), driven
 * over the DevTools protocol.
 */
export async function killableBrowser(profile: string): Promise<KillableBrowser> {
  // The binary itself (Debian's /usr/bin/chromium-headless-shell is a script that may not exec it), in a process
  // group of its own, so that the kill takes every process of the browser at once.
  const child = spawn(
    HEADLESS_SHELL_BINARY,
    [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, "--remote-debugging-port=0", "about:blank"],
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => reject(new Error(`chromium did not start: ${text}`)), 30_000);
    child.stderr?.on("data", (d) => {
      text += d;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  await onRunClock(context);
  const page = context.pages()[0] ?? (await context.newPage());
  const kill = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    const session = await browser.newBrowserCDPSession();
    await session.send("Browser.close").catch(() => {});
    await exited;
  };
  return { context, page, kill, close };
}

/** Asks the app to connect its sync socket now (instead of waiting for the back-off). */
export async function reconnectNow(page: Page) {
  await expect(async () => {
    await page.evaluate(() => window.__rangelineSync?.connect());
    await expect(page.getByTestId("sync-status")).toHaveAttribute("data-state", /online|syncing|unsaved/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 45_000 });
}
