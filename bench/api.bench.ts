// `npm run bench:api` (docs/applications.md): how fast the partner API prices LRP quotes. A full server runs in
// this process (SQLite in a temporary directory, the sample market); a partner key is created through
// the API; a load generator in a child process of its own (so it does not share the server's event
// loop) keeps BENCH_CONNECTIONS requests in flight on keep-alive connections to POST /api/v1/quotes/lrp
// for BENCH_SECONDS after a warm-up, and reports requests per second and the latency percentiles.
// Target: ≥ 500 requests/s with p95 ≤ 20 ms. The per-key and per-address limits are raised for the run
// (the limits themselves are tested in tests/integration/partner).
//
// Why 4 connections: the generator is closed-loop (each connection sends its next request when the
// last is answered), so by Little's law requests/s = connections ÷ mean latency. At 4 connections,
// 500 requests/s needs a mean of ≤ 8 ms per request: the target pair (500/s, p95 20 ms) is measured at
// about the concurrency it describes. More connections than the machine has cores (2 here, shared with
// the generator) measure queueing instead: at 8, each request waits behind ~7 others, so p95 grows with
// the machine's load, not with the server's work. BENCH_CONNECTIONS=8 shows that figure.
//
//   BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_CONNECTIONS (4)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const file = fileURLToPath(import.meta.url);

function post(agent: Agent, url: URL, key: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The load generator (child process): prints one JSON line with the figures. */
async function load(target: string, key: string, body: string) {
  const url = new URL("/api/v1/quotes/lrp", target);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const start = performance.now();
  const warmEnd = start + WARMUP * 1000;
  const end = warmEnd + SECONDS * 1000;
  let all = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const t = performance.now();
      const status = await post(agent, url, key, body);
      const done = performance.now();
      all++;
      if (t >= warmEnd && done <= end) {
        latencies.push(done - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  process.stdout.write(
    `${JSON.stringify({ requests: latencies.length, all, seconds: SECONDS, p50: pct(50), p95: pct(95), p99: pct(99), max: latencies.at(-1), statuses: Object.fromEntries(statuses) })}\n`,
  );
}

async function main() {
  const { configSchema } = await import("../sync-server/config");
  const { startServer } = await import("../sync-server/server");
  const { loadOrCreateSigningKeys } = await import("../sync-server/identity/keys");
  const { issueTestToken } = await import("../sync-server/identity/testing");
  const { DEMO_USERS } = await import("../sync-server/identity/demo-users");
  const { cropYearOf } = await import("../shared/book/crop-year");
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-api-"));
  const config = configSchema.parse({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PARTNER_API_PER_KEY_PER_MINUTE: "100000000",
    RATE_LIMIT_API_PER_ADDRESS: "100000000",
  });
  const server = await startServer(config, { log: () => {} });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const partner = DEMO_USERS.find((u) => u.email === "partner@demo.rangeline.test");
    if (!partner) throw new Error("no demo partner");
    const token = await issueTestToken(await loadOrCreateSigningKeys(dataDir), partner, {
      issuer: server.url,
    });
    const created = await fetch(`${base}/api/orgs/demo/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench", scopes: ["quotes:read", "market:read"] }),
    });
    const { key } = (await created.json()) as { key: string };
    const market = (await (
      await fetch(`${base}/api/v1/market/current`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { asOf: string };
    const body = JSON.stringify({
      commodity: "0801",
      type: "809",
      endorsementLengthWeeks: 26,
      coverageLevel: 0.95,
      head: 100,
      targetWeightCwt: 5.5,
      share: 1,
      farmerClassification: "Neither",
      cropYear: cropYearOf(market.asOf),
      salesDate: market.asOf,
    });
    const check = await fetch(`${base}/api/v1/quotes/lrp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body,
    });
    if (check.status !== 200) throw new Error(`the quote failed: ${check.status} ${await check.text()}`);
    const cpuBefore = process.cpuUsage();
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [...process.execArgv, file, "--load", base, key, body], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let text = "";
      child.stdout.on("data", (d) => {
        text += d;
      });
      child.on("exit", (code) =>
        code === 0 ? resolve(text) : reject(new Error(`load generator exited ${code}`)),
      );
    });
    const cpu = process.cpuUsage(cpuBefore);
    const r = JSON.parse(output.trim().split("\n").at(-1) as string) as {
      requests: number;
      all: number;
      seconds: number;
      p50: number;
      p95: number;
      p99: number;
      max: number;
      statuses: Record<string, number>;
    };
    const rps = r.requests / r.seconds;
    const ok = rps >= 500 && r.p95 <= 20 && Object.keys(r.statuses).every((s) => s === "200");
    console.log(
      `partner API, POST /api/v1/quotes/lrp — ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s warm-up`,
    );
    console.log(`  requests/s  ${rps.toFixed(0)}   (target ≥ 500)`);
    console.log(
      `  latency ms  p50 ${r.p50.toFixed(2)}   p95 ${r.p95.toFixed(2)}   (target ≤ 20)   p99 ${r.p99.toFixed(2)}   max ${r.max.toFixed(2)}`,
    );
    console.log(`  statuses    ${JSON.stringify(r.statuses)}`);
    const cpuMs = (cpu.user + cpu.system) / 1e3;
    console.log(`  server CPU  ${(cpuMs / 1e3 / (SECONDS + WARMUP)).toFixed(2)} s per s`);
    // The server's own work per request (warm-up included): what the code costs, whatever else runs.
    console.log(`  CPU/request ${(cpuMs / r.all).toFixed(3)} ms   (${r.all} requests in all)`);
    console.log(`  machine     ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} (1 min)`);
    console.log(ok ? "PASS" : "FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--load")
  await load(process.argv[3] as string, process.argv[4] as string, process.argv[5] as string);
else await main();
