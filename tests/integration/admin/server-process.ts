import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

// A real server process (sync-server/main.ts), for what only a process shows: a restart on the same
// data, or production mode with the process's own environment (proxy, trusted certificates).

const root = fileURLToPath(new URL("../../..", import.meta.url));

export interface ServerProcess {
  port: number;
  origin: string;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, and wait for it to exit (the server stores open documents and closes). */
  stop(): Promise<void>;
}

/**
 * The parts of the test process's environment that set its clock (libfaketime's LD_PRELOAD and FAKETIME*,
 * when the suite is run under `faketime` to check that it passes on any date): a server process started
 * with an environment of its own keeps the tests' clock.
 */
export const clockEnvironment = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        (entry[0] === "LD_PRELOAD" || entry[0].startsWith("FAKETIME")) && entry[1] !== undefined,
    ),
  );

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  let printed = "";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "sync-server/main.ts"], {
    cwd: root,
    env: {
      ...clockEnvironment(),
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: String(listenOn),
      STATIC_DIR: "/nonexistent-static-dir",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    printed += String(d);
  });
  child.stderr?.on("data", (d) => {
    printed += String(d);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in 60 s:\n${printed}`)),
      60_000,
    );
    const check = () => {
      if (printed.includes("Rangeline is running at")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${printed}`));
    });
  });
  return {
    port: listenOn,
    origin: `http://127.0.0.1:${listenOn}`,
    output: () => printed,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
