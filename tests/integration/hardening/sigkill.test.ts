import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateSigningKeys } from "../../../sync-server/identity/keys";
import { issueTestToken } from "../../../sync-server/identity/testing";
import { sampleEntity } from "../sync/book-records";
import { connect, demoUser } from "../sync/harness";
import { POSTGRES_URL, postgresAvailable } from "../sync/services";

// docs/hardening.md: SIGKILL during a stream of edits, three times each on SQLite and on PostgreSQL, with
// the real server entry in a process of its own. Every edit the server acknowledged must be there
// after the restart: acknowledged edits lost = 0, printed for each round.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const agent = demoUser("agent@demo.rangeline.test");
const ROUNDS = 3;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

function spawnServer(dataDir: string, databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "sync-server", "main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanup.push(() => {
    child.kill("SIGKILL");
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at http:\/\/localhost:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

/** One round: a stream of edits, SIGKILL, a restart; returns what was sent, acknowledged and lost. */
async function round(dataDir: string, databaseUrl: string, name: string) {
  const { child, port } = await spawnServer(dataDir, databaseUrl);
  const keys = await loadOrCreateSigningKeys(dataDir);
  const token = await issueTestToken(keys, agent, { issuer: `http://localhost:${port}/` });
  const writer = connect(`ws://127.0.0.1:${port}/sync`, name, token);
  expect(await writer.ready).toBe(true);
  let sent = 0;
  let acknowledged = 0;
  // The provider counts the updates the server has not yet confirmed; at 0, all sent so far were.
  writer.provider.on("unsyncedChanges", ({ number }: { number: number }) => {
    if (number === 0) acknowledged = sent;
  });
  const entities = writer.doc.getMap("entities");
  const template = sampleEntity("e-template");
  await new Promise<void>((resolve) => {
    const started = performance.now();
    const timer = setInterval(() => {
      const i = sent++;
      entities.set(`e-${i}`, { ...template, id: `e-${i}`, legalName: `Entity ${i}` });
      // At least 1.5 s, and until 20 edits were acknowledged (a loaded machine is slow to) or 6 s with
      // at least one acknowledged; a server that acknowledges nothing in 60 s fails the round below.
      const elapsed = performance.now() - started;
      const enough = acknowledged >= 20 || (elapsed > 6000 && acknowledged > 0) || elapsed > 60_000;
      if (elapsed > 1500 && enough) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  child.kill("SIGKILL");
  await new Promise((resolve) => child.once("exit", resolve));
  writer.destroy();

  const restarted = await spawnServer(dataDir, databaseUrl);
  const reader = connect(
    `ws://127.0.0.1:${restarted.port}/sync`,
    name,
    await issueTestToken(keys, agent, { issuer: `http://localhost:${restarted.port}/` }),
  );
  expect(await reader.ready).toBe(true);
  const present = new Set(Object.keys(reader.doc.getMap("entities").toJSON()));
  const lost = Array.from({ length: acknowledged }, (_, i) => `e-${i}`).filter((key) => !present.has(key));
  reader.destroy();
  restarted.child.kill("SIGKILL");
  await new Promise((resolve) => restarted.child.once("exit", resolve));
  return { sent, acknowledged, present: present.size, lost };
}

async function killRounds(label: string, databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-sigkill-"));
  cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let totalLost = 0;
  for (let n = 1; n <= ROUNDS; n++) {
    const result = await round(dataDir, databaseUrl, `org/demo/customer/c-kill-${label.toLowerCase()}-${n}`);
    console.log(
      `SIGKILL ${label} round ${n}: ${result.sent} edits sent, ${result.acknowledged} acknowledged, ${result.present} after restart, acknowledged edits lost = ${result.lost.length}`,
    );
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.lost).toEqual([]);
    totalLost += result.lost.length;
  }
  console.log(`SIGKILL ${label}: ${ROUNDS} rounds, acknowledged edits lost = ${totalLost}`);
}

describe("[STORE1] SIGKILL during a stream of edits, three times per database", () => {
  it("SQLite: no acknowledged edit is lost", { timeout: 240_000 }, async () => {
    await killRounds("SQLite", "");
  });

  it.runIf(postgresAvailable)("PostgreSQL: no acknowledged edit is lost", { timeout: 240_000 }, async () => {
    // A database of its own (the server keeps its tables in `public`).
    const database = `rangeline_sigkill_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    cleanup.push(async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${database}`;
    await killRounds("PostgreSQL", url.toString());
  });
});
