import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type Socket, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as encoding from "lib0/encoding";

// Memory before sign-in (docs/hardening.md; INPUT3): `npm run bench:preauth` starts the real server (its own
// process, so its RSS is its own), keeps a signed-in user editing (edit → arrival at a second client,
// every 100 ms), and opens SOCKETS sockets that never sign in, each trying to send one 4.5 MiB frame —
// over raw TCP with a zero mask, as an attacker would, so the load generator holds one 64 KiB chunk, not
// 900 MiB. It prints the server's RSS before, at its peak and 10 s after the sockets closed, how the
// sockets were closed, and the edits' p50 / p95 alone and under the attack. Goal: growth < 100 MiB and the
// edits' p95 kept. Extra environment (e.g. SYNC_PRE_AUTH_BYTES_PER_SOCKET=8388608
// SYNC_PRE_AUTH_BYTES_TOTAL=4294967296) goes to the server, to measure without the allowance.

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 200);
const FRAME_BYTES = Math.round(4.5 * 1024 * 1024);
const CHUNK = Buffer.alloc(64 * 1024);
const MiB = 1024 * 1024;

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The start of a client frame of `length` payload bytes (binary, masked with a zero key). */
function frameHeader(length: number): Buffer {
  const header = Buffer.alloc(14);
  header[0] = 0x82;
  header[1] = 0x80 | 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header; // the last four bytes: the zero mask, so the payload goes as it is
}

/** One socket that never signs in and streams a 4.5 MiB sync update; resolves with its close code. */
function attacker(port: number): Promise<{ code: number | null }> {
  return new Promise((resolve) => {
    const socket: Socket = tcpConnect(port, "127.0.0.1");
    let sent = 0;
    let code: number | null = null;
    let upgraded = false;
    let received = Buffer.alloc(0);
    socket.on("error", () => {});
    socket.on("close", () => resolve({ code }));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf("\r\n\r\n");
        if (end < 0) return;
        upgraded = received.subarray(0, 12).toString() === "HTTP/1.1 101";
        received = received.subarray(end + 4);
        if (!upgraded) return socket.destroy();
        void stream();
      }
      // A close frame from the server: 0x88, length, then the code.
      const at = received.indexOf(0x88);
      if (code === null && at >= 0 && received.length >= at + 4) code = received.readUInt16BE(at + 2);
    });
    socket.write(
      `GET /sync HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
    const stream = async () => {
      const prefix = encoding.createEncoder();
      encoding.writeVarString(prefix, "org/demo/customer/c-flood");
      encoding.writeVarUint(prefix, 0); // sync
      encoding.writeVarUint(prefix, 2); // update
      const head = encoding.toUint8Array(prefix);
      const updateBytes = FRAME_BYTES - head.length - 4;
      const lengthEncoder = encoding.createEncoder();
      encoding.writeVarUint(lengthEncoder, updateBytes);
      const start = Buffer.concat([head, encoding.toUint8Array(lengthEncoder)]);
      const payload = start.length + updateBytes;
      socket.write(frameHeader(payload));
      socket.write(start);
      sent = start.length;
      while (sent < payload && !socket.destroyed && socket.writable) {
        const part = Math.min(CHUNK.length, payload - sent);
        const ok = socket.write(part === CHUNK.length ? CHUNK : CHUNK.subarray(0, part));
        sent += part;
        if (!ok) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
    };
  });
}

async function main() {
  const { HocuspocusProvider } = await import("@hocuspocus/provider");
  const Y = await import("yjs");
  const { loadOrCreateSigningKeys } = await import("../sync-server/identity/keys");
  const { issueTestToken } = await import("../sync-server/identity/testing");
  const { DEMO_USERS } = await import("../sync-server/identity/demo-users");

  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-preauth-"));
  const staticDir = join(dataDir, "static");
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Rangeline</title>");
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const publicUrl = `http://127.0.0.1:${port}/`;
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "sync-server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      PUBLIC_URL: publicUrl,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Rangeline is running")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
  });
  const pid = server.pid as number;
  const keys = await loadOrCreateSigningKeys(dataDir);
  const agent = DEMO_USERS.find((u) => u.email === "agent@demo.rangeline.test");
  if (!agent) throw new Error("no demo agent");
  const token = await issueTestToken(keys, agent, { issuer: publicUrl, expiresIn: 3600 });

  // The signed-in user: a writer and a reader of one watchlist.
  const name = `user/${agent.sub}/watchlist`;
  const open = (doc: InstanceType<typeof Y.Doc>) =>
    new Promise<InstanceType<typeof HocuspocusProvider>>((resolve, reject) => {
      const provider = new HocuspocusProvider({
        url: `ws://127.0.0.1:${port}/sync`,
        name,
        token,
        document: doc,
        onSynced: () => resolve(provider),
        onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      });
    });
  const writerDoc = new Y.Doc();
  const readerDoc = new Y.Doc();
  const providers = [await open(writerDoc), await open(readerDoc)];
  // A valid watchlist entry (shared/documents/watchlist.ts), as bench:limits writes it.
  const item = {
    plan: "lrp",
    commodity: "0801",
    type: "809",
    endorsementLengthWeeks: 13,
    coverageLevel: 0.95,
    head: 100,
    targetWeightCwt: 5.5,
  };
  let n = 0;
  const edit = () =>
    new Promise<number>((resolve) => {
      const key = `w-${++n % 10}`;
      const setup = `Setup ${n}`;
      const items = readerDoc.getMap<{ name: string }>("items");
      const started = performance.now();
      const check = () => {
        if (items.get(key)?.name !== setup) return;
        items.unobserve(check);
        resolve(performance.now() - started);
      };
      items.observe(check);
      writerDoc.getMap("items").set(key, { ...item, id: key, name: setup });
    });
  const editFor = async (ms: number, into: number[]) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      into.push(await edit());
      await sleep(100);
    }
  };

  await editFor(2000, []); // warm-up
  const alone: number[] = [];
  const baseline: number[] = [];
  const sampler = setInterval(() => baseline.push(rssOf(pid)), 200);
  await editFor(8000, alone);
  clearInterval(sampler);
  const before = percentile(baseline, 50);

  const fmt = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
  console.log(
    `${SOCKETS} sockets that never sign in, each trying to send ${fmt(FRAME_BYTES)}, in two waves:`,
  );
  console.log(
    `  signed-in edit → arrival alone: p50 ${percentile(alone, 50).toFixed(1)} / p95 ${percentile(alone, 95).toFixed(1)} ms (n=${alone.length}); server RSS ${fmt(before)}`,
  );
  let worst = 0;
  for (const wave of [1, 2]) {
    let peak = before;
    const peakSampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 50);
    const attacked: number[] = [];
    const editing = editFor(8000, attacked);
    // The sockets come from a process of their own: the signed-in clients' event loop is not theirs.
    const started = performance.now();
    const flood = spawn(
      process.execPath,
      ["--import", "tsx", "bench/preauth-memory.bench.ts", "attack", String(port)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    flood.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await new Promise((resolve) => flood.once("exit", resolve));
    const attackMs = performance.now() - started;
    await editing;
    clearInterval(peakSampler);
    await sleep(10_000);
    const after = rssOf(pid);
    worst = Math.max(worst, peak - before);
    const { codes } = JSON.parse(output) as { codes: Record<string, number> };
    console.log(
      `  wave ${wave}: all closed ${(attackMs / 1000).toFixed(1)} s after the flood process started; close codes ${JSON.stringify(codes)}`,
    );
    console.log(
      `    server RSS at peak ${fmt(peak)} (+${fmt(peak - before)}), 10 s after they closed ${fmt(after)} (+${fmt(after - before)})`,
    );
    console.log(
      `    signed-in edit → arrival meanwhile: p50 ${percentile(attacked, 50).toFixed(1)} / p95 ${percentile(attacked, 95).toFixed(1)} ms (n=${attacked.length})`,
    );
  }
  console.log(`  goal: growth < 100 MiB: ${worst < 100 * MiB ? "met" : "NOT met"} (+${fmt(worst)} at worst)`);

  for (const provider of providers) provider.destroy();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

/** The flood process: SOCKETS attackers at once; prints their close codes as JSON. */
async function attack(port: number) {
  const outcomes = await Promise.all(Array.from({ length: SOCKETS }, () => attacker(port)));
  const codes: Record<string, number> = {};
  for (const { code } of outcomes) codes[String(code)] = (codes[String(code)] ?? 0) + 1;
  console.log(JSON.stringify({ codes }));
}

(process.argv[2] === "attack" ? attack(Number(process.argv[3])) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
