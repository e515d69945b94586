// `npm run bench:alerts`: one user's 100 watch items with targets evaluated against a snapshot with the
// shared engine (issue 15 §4: ≤ 50 ms). 90 LRP items over every sample offer of the day (lengths and
// levels of feeder cattle, fed cattle and swine) and 10 LGM items (cattle and swine, default weights).
// Prints the median and the worst of 20 runs after 3 warm-ups, and how many targets were met.
import { getLrpType } from "../shared/catalogue/lrp-types";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { evaluateWatchlist } from "../sync-server/alerts/evaluate";

const CLIENT_PROCESSES = 4;
if (process.argv.includes("--fanout-clients")) {
  await fanOutClients();
  process.exit(0);
}

const ASOF = "2026-11-20";
const snapshot = generateSampleSnapshot(ASOF);
const offers = snapshot.lrpRates.filter((r) => r.salesEffectiveDate === ASOF);
const items: Record<string, unknown> = {};
for (let i = 0; i < 90; i++) {
  const o = offers[(i * 7) % offers.length];
  items[`lrp-${i}`] = {
    id: `lrp-${i}`,
    name: `LRP ${i}`,
    plan: "lrp",
    commodity: o.commodityCode,
    type: o.typeCode,
    endorsementLengthWeeks: o.endorsementLengthWeeks,
    coverageLevel: o.coverageLevel,
    head: 100,
    targetWeightCwt: Number(getLrpType(o.commodityCode, o.typeCode).targetWeightCwt.max),
    target:
      i % 2 === 0 ? { kind: "netFloorPerCwt", value: "150.00" } : { kind: "premiumPerHead", value: "40.00" },
  };
}
for (let i = 0; i < 10; i++) {
  const swine = i % 2 === 1;
  items[`lgm-${i}`] = {
    id: `lgm-${i}`,
    name: `LGM ${i}`,
    plan: "lgm",
    commodity: swine ? "0815" : "0803",
    type: swine ? "804" : "808",
    targetMarketings: swine
      ? [0, 500, 500, 500, 500, 500]
      : [0, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100],
    deductible: 0,
    target: { kind: "lgmGuarantee", value: "100000.00" },
  };
}

const times: number[] = [];
let result = evaluateWatchlist(items, snapshot);
for (let run = 0; run < 23; run++) {
  const t0 = performance.now();
  result = evaluateWatchlist(items, snapshot);
  if (run >= 3) times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
const worst = times[times.length - 1];
console.log(`alerts: 100 watch items (90 LRP, 10 LGM) of one user evaluated with the shared engine`);
console.log(
  `  median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms of ${times.length} runs (target ≤ 50 ms)`,
);
console.log(`  targets met: ${result.hits.length}; items not priced: ${result.misses.length}`);
if (result.misses.length > 0)
  console.log(`  first not priced: ${result.misses[0].itemId}: ${result.misses[0].reason}`);
console.log(median <= 50 ? "  PASS" : "  FAIL: over 50 ms");

// ---------------------------------------------------------------------------------------------------
// Publish fan-out (issue 15 §5): a real server on 127.0.0.1, 200 synced clients of `market/current`
// (each its own WebSocket, as the demo customer), one new snapshot published the way the feed does;
// how long until each client has the new as-of date. The clients run in child processes (50 each); they
// share the machine's 2 cores with the server, so the figure is an upper bound for separate devices.
// The published update is the whole snapshot (~620 KB of Yjs, 20–40 ms for a client to apply): 200
// clients on this machine apply ~124 MB between them, which is what the figure mostly measures.
await fanOut();

/** A child process holding its share of the clients; reports when each saw the new as-of (epoch ms). */
async function fanOutClients() {
  const Y = await import("yjs");
  const { HocuspocusProvider, HocuspocusProviderWebsocket } = await import("@hocuspocus/provider");
  const plan = await new Promise<{ url: string; token: string; count: number; asOf: string }>((resolve) =>
    process.once("message", (m) => resolve(m as { url: string; token: string; count: number; asOf: string })),
  );
  const arrivals: number[] = [];
  const errors: string[] = [];
  const clients = Array.from({ length: plan.count }, (_, i) => {
    const doc = new Y.Doc();
    const socket = new HocuspocusProviderWebsocket({ url: plan.url });
    let synced: () => void = () => {};
    const ready = new Promise<void>((r) => {
      synced = r;
    });
    let seen = false;
    doc.on("update", () => {
      if (!seen && doc.getMap("snapshot").get("asOf") === plan.asOf) {
        seen = true;
        arrivals.push(Date.now());
      }
    });
    const provider = new HocuspocusProvider({
      name: "market/current",
      document: doc,
      websocketProvider: socket,
      token: plan.token,
      onSynced: ({ state }) => state && synced(),
      onAuthenticationFailed: ({ reason }) => errors.push(`client ${i}: refused (${reason})`),
    });
    provider.attach();
    return { provider, socket, ready };
  });
  await Promise.all(clients.map((c) => c.ready));
  process.send?.({ type: "ready" });
  const deadline = Date.now() + 20_000;
  while (arrivals.length < plan.count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  await new Promise<void>((r) => process.send?.({ type: "arrivals", arrivals, errors }, () => r()));
  for (const c of clients) {
    c.provider.destroy();
    c.socket.destroy();
  }
}

async function fanOut() {
  const { spawn } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { readConfig } = await import("../sync-server/config");
  const { startServer } = await import("../sync-server/server");
  const { loadOrCreateSigningKeys } = await import("../sync-server/identity/keys");
  const { issueTestToken } = await import("../sync-server/identity/testing");
  const { DEMO_USERS } = await import("../sync-server/identity/demo-users");
  const { addDays } = await import("../shared/market/dates");
  const CLIENTS = 200;
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-fanout-"));
  const config = readConfig({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir });
  if ("errors" in config) throw new Error(config.errors.join("; "));
  const server = await startServer(config, { log: () => {} });
  const customer = DEMO_USERS.find((u) => u.email === "customer@demo.rangeline.test");
  if (!customer) throw new Error("no demo customer");
  const token = await issueTestToken(await loadOrCreateSigningKeys(dataDir), customer, {
    issuer: `http://localhost:${server.port}/`,
  });
  await server.publishMarket(snapshot);
  const next = generateSampleSnapshot(addDays(ASOF, 3));
  const file = fileURLToPath(import.meta.url);
  const children = Array.from({ length: CLIENT_PROCESSES }, () => {
    const proc = spawn(process.execPath, ["--import", "tsx", file, "--fanout-clients"], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const messages: { type: string; arrivals?: number[]; errors?: string[] }[] = [];
    const waiters: (() => void)[] = [];
    proc.on("message", (m) => {
      messages.push(m as (typeof messages)[0]);
      for (const w of waiters.splice(0)) w();
    });
    const next_ = async (type: string) => {
      for (;;) {
        const found = messages.find((m) => m.type === type);
        if (found) return found;
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    proc.send({
      url: `ws://127.0.0.1:${server.port}/sync`,
      token,
      count: CLIENTS / CLIENT_PROCESSES,
      asOf: next.asOf,
    });
    return { proc, next: next_ };
  });
  await Promise.all(children.map((c) => c.next("ready")));
  await new Promise((r) => setTimeout(r, 500));
  const publishedAt = Date.now();
  await server.publishMarket(next);
  const reports = await Promise.all(children.map((c) => c.next("arrivals")));
  const arrivals = reports
    .flatMap((r) => (r.arrivals ?? []).map((t) => t - publishedAt))
    .sort((a, b) => a - b);
  const errors = reports.flatMap((r) => r.errors ?? []);
  const within = arrivals.filter((t) => t <= 1000).length;
  const pct = (p: number) =>
    arrivals[Math.min(arrivals.length - 1, Math.floor((p / 100) * arrivals.length))] ?? Number.NaN;
  console.log(
    `fan-out: a new snapshot published to ${CLIENTS} connected clients of market/current (${CLIENT_PROCESSES} client processes)`,
  );
  console.log(
    `  received by ${arrivals.length}/${CLIENTS}; within 1 s: ${within}; p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, last ${(arrivals.at(-1) ?? Number.NaN).toFixed(0)} ms`,
  );
  if (errors.length > 0) console.log(`  errors: ${errors.slice(0, 3).join("; ")}`);
  console.log(within === CLIENTS ? "  PASS" : "  FAIL: not every client within 1 s");
  for (const c of children) c.proc.kill();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
