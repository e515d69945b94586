// `npm run bench:limits` (docs/hardening.md): does one flooding client slow the others? A full server runs
// in a process of its own with its default limits. A bystander at 127.0.0.3 calls the API (the member
// list, with a token) and edits a document whose edit a second client receives; its latencies are
// measured first alone, then while a flooder at 127.0.0.2 — in processes of its own — hammers the API
// (signed in and not), the token endpoint and the socket upgrade as fast as it can. A control phase
// sends the same flood to a stand-in server that answers 429 to everything at no cost: on a machine
// the flooder shares, it shows how much of the slowdown is the machine's (the flooder's own CPU), not
// the server's; the server's own CPU per second in each phase shows whether it was busy at all.
// Prints the bystander's p50 / p95 / max in each phase and what the flood got.
//
//   BENCH_SECONDS (10) per phase; BENCH_FLOOD_PROCESSES (2); BENCH_FLOOD_CONCURRENCY (32) requests in
//   flight per flood process; BENCH_FLOOD_TARGETS (all: api-health,api-members,oauth-token,
//   socket-upgrade) what the flood sends.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD_PROCESSES = Number(process.env.BENCH_FLOOD_PROCESSES ?? 2);
const FLOOD_CONCURRENCY = Number(process.env.BENCH_FLOOD_CONCURRENCY ?? 32);
const BYSTANDER = "127.0.0.3";
const FLOODER = "127.0.0.2";
const file = fileURLToPath(import.meta.url);

type Reply = { status: number; ms: number };

const WATCH_ITEM = {
  plan: "lrp",
  commodity: "0801",
  type: "809",
  endorsementLengthWeeks: 13,
  coverageLevel: 0.95,
  head: 100,
  targetWeightCwt: 5.5,
};

function call(
  port: number,
  path: string,
  options: { from: string; agent?: Agent; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.from,
        agent: options.agent,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 101, ms: performance.now() - started });
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    if (options.body) req.write(options.body);
    req.end();
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
};
const summary = (values: number[]) =>
  `n=${values.length} p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

// ---------------------------------------------------------------------------------------------------
// The flooder: a process of its own, so its work does not share the bystander's event loop.

async function runFlooder(port: number, token: string, seconds: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CONCURRENCY });
  const counts = new Map<string, number>();
  const count = (what: string, status: number) => {
    const key = `${what} ${status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  const targets: [string, () => Promise<Reply>][] = [
    ["api-health", () => call(port, "/api/health", { from: FLOODER, agent })],
    [
      "api-members",
      () =>
        call(port, "/api/orgs/demo/members", {
          from: FLOODER,
          agent,
          headers: { authorization: `Bearer ${token}` },
        }),
    ],
    [
      "oauth-token",
      () =>
        call(port, "/oauth/token", {
          from: FLOODER,
          agent,
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "grant_type=authorization_code&client_id=rangeline-dev&code=flood",
        }),
    ],
    [
      "socket-upgrade",
      () =>
        call(port, "/sync", {
          from: FLOODER,
          agent: false as unknown as Agent,
          headers: {
            Connection: "Upgrade",
            Upgrade: "websocket",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "MDEyMzQ1Njc4OWFiY2RlZg==",
          },
        }),
    ],
  ];
  const chosen = process.env.BENCH_FLOOD_TARGETS?.split(",");
  if (chosen) targets.splice(0, targets.length, ...targets.filter(([what]) => chosen.includes(what)));
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const lane = async () => {
    while (performance.now() < until) {
      const [what, go] = targets[n++ % targets.length] as [string, () => Promise<Reply>];
      count(what, (await go()).status);
    }
  };
  await Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, lane));
  agent.destroy();
  process.send?.({ counts: Object.fromEntries(counts) });
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const { HocuspocusProvider } = await import("@hocuspocus/provider");
  const Y = await import("yjs");
  const { loadOrCreateSigningKeys } = await import("../sync-server/identity/keys");
  const { issueTestToken } = await import("../sync-server/identity/testing");
  const { DEMO_USERS } = await import("../sync-server/identity/demo-users");

  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-limits-"));
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
  const keys = await loadOrCreateSigningKeys(dataDir);
  const tokenOf = (email: string) => {
    const user = DEMO_USERS.find((u) => u.email === email);
    if (!user) throw new Error(`no demo user ${email}`);
    return issueTestToken(keys, user, { issuer: publicUrl, expiresIn: 3600 });
  };
  const bystanderToken = await tokenOf("agent@demo.rangeline.test");
  const flooderToken = await tokenOf("agent2@demo.rangeline.test");

  // The bystander's two sync clients (the socket is from 127.0.0.1: WebSocket cannot pick an address;
  // the flooder's per-address budget is not theirs either way).
  const name = "user/auth0|demo-agent/watchlist";
  const syncUrl = `ws://127.0.0.1:${port}/sync`;
  const open = (doc: InstanceType<typeof Y.Doc>) =>
    new Promise<InstanceType<typeof HocuspocusProvider>>((resolve, reject) => {
      const provider = new HocuspocusProvider({
        url: syncUrl,
        name,
        token: bystanderToken,
        document: doc,
        onSynced: () => resolve(provider),
        onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      });
    });
  const writerDoc = new Y.Doc();
  const readerDoc = new Y.Doc();
  const writer = await open(writerDoc);
  const reader = await open(readerDoc);
  const bystanderAgent = new Agent({ keepAlive: true, maxSockets: 1 });

  async function bystander(seconds: number) {
    const api: number[] = [];
    const edits: number[] = [];
    const failures: number[] = [];
    const until = performance.now() + seconds * 1000;
    const apiLoop = async () => {
      while (performance.now() < until) {
        const reply = await call(port, "/api/orgs/demo/members", {
          from: BYSTANDER,
          agent: bystanderAgent,
          headers: { authorization: `Bearer ${bystanderToken}` },
        });
        if (reply.status === 200) api.push(reply.ms);
        else failures.push(reply.status);
        await new Promise((r) => setTimeout(r, 150)); // ~400 a minute: within a user's API budget
      }
    };
    const editLoop = async () => {
      let n = 0;
      while (performance.now() < until) {
        n++;
        const key = `w-${n % 10}`;
        const setup = `Setup ${n}`;
        const arrived = new Promise<number>((resolve) => {
          const started = performance.now();
          const items = readerDoc.getMap<{ name: string }>("items");
          const check = () => {
            if (items.get(key)?.name === setup) {
              items.unobserve(check);
              resolve(performance.now() - started);
            }
          };
          items.observe(check);
          // A valid watchlist entry (shared/documents/watchlist.ts), so the write guard accepts it.
          writerDoc.getMap("items").set(key, { ...WATCH_ITEM, id: key, name: setup });
        });
        edits.push(await arrived);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await Promise.all([apiLoop(), editLoop()]);
    return { api, edits, failures };
  }

  /** The bystander's latencies while FLOOD_PROCESSES flood `target` (a port). */
  async function underFlood(target: number) {
    const flooders = Array.from({ length: FLOOD_PROCESSES }, () =>
      spawn(
        process.execPath,
        ["--import", "tsx", file, "--flood", String(target), flooderToken, String(SECONDS + 1)],
        { stdio: ["ignore", "inherit", "inherit", "ipc"] },
      ),
    );
    const floodCounts = Promise.all(
      flooders.map(
        (proc) =>
          new Promise<Record<string, number>>((resolve) => {
            proc.on("message", (m: { counts: Record<string, number> }) => resolve(m.counts));
            proc.on("exit", () => resolve({}));
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 700)); // the flood is under way
    const measured = await bystander(SECONDS);
    const counts: Record<string, number> = {};
    for (const c of await floodCounts)
      for (const [k, v] of Object.entries(c)) counts[k] = (counts[k] ?? 0) + v;
    return { ...measured, counts };
  }

  // The control: a stand-in on another port that refuses everything at once.
  const sinkPort = port + 1;
  const sink = spawn(
    process.execPath,
    [
      "-e",
      `const s=require("node:http").createServer((q,r)=>{r.writeHead(429,{"retry-after":"1"});r.end()});
       s.on("upgrade",(q,k)=>k.end("HTTP/1.1 429 Too Many Requests\\r\\nRetry-After: 1\\r\\nContent-Length: 0\\r\\n\\r\\n"));
       s.listen(${sinkPort},"127.0.0.1",()=>console.log("sink"));`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve) => sink.stdout?.once("data", () => resolve()));

  console.log(
    `bench:limits — ${SECONDS} s per phase, ${FLOOD_PROCESSES} flood processes × ${FLOOD_CONCURRENCY} in flight, server with its default limits`,
  );
  /** The server process's CPU time so far, ms (Linux /proc; NaN elsewhere). */
  const serverCpu = () => {
    try {
      const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s
    } catch {
      return Number.NaN;
    }
  };
  /** The phase, and the server's CPU per second of it (a busy server would be near 1000 ms/s). */
  const measured = async <T>(phase: () => Promise<T>) => {
    const cpu = serverCpu();
    const started = performance.now();
    const result = await phase();
    const perSecond = ((serverCpu() - cpu) / (performance.now() - started)) * 1000;
    return { ...result, serverCpuPerSecond: perSecond };
  };
  const alone = await measured(() => bystander(SECONDS));
  const control = await measured(() => underFlood(sinkPort));
  const flooded = await measured(() => underFlood(port));
  sink.kill("SIGTERM");

  const rate = (counts: Record<string, number>) => {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    return `${total} requests (${Math.round(total / SECONDS)}/s)`;
  };
  const phases = [
    ["alone", alone],
    ["control flood", control],
    ["flooded", flooded],
  ] as const;
  for (const [label, phase] of phases) {
    console.log(
      `bystander ${label.padEnd(14)} API ${summary(phase.api)}; server CPU ${phase.serverCpuPerSecond.toFixed(0)} ms/s`,
    );
    console.log(`${" ".repeat(25)}edit→arrival ${summary(phase.edits)}`);
    if (phase.failures.length > 0) console.log(`${" ".repeat(25)}refused: ${phase.failures.join(", ")}`);
  }
  console.log(`control flood (to a stand-in that refuses everything): ${rate(control.counts)}`);
  console.log(`flood of the server from ${FLOODER}: ${rate(flooded.counts)}`);
  for (const [key, value] of Object.entries(flooded.counts).sort()) console.log(`    ${key}: ${value}`);
  const p95 = (values: number[]) => percentile(values, 95).toFixed(1);
  console.log(
    `bystander API p95: alone ${p95(alone.api)} ms, control ${p95(control.api)} ms, flooded ${p95(flooded.api)} ms`,
  );
  console.log(
    `bystander edit p95: alone ${p95(alone.edits)} ms, control ${p95(control.edits)} ms, flooded ${p95(flooded.edits)} ms`,
  );

  writer.destroy();
  reader.destroy();
  bystanderAgent.destroy();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}

const floodAt = process.argv.indexOf("--flood");
if (floodAt >= 0) {
  const [port, token, seconds] = process.argv.slice(floodAt + 1);
  await runFlooder(Number(port), token as string, Number(seconds));
} else {
  await main();
}
