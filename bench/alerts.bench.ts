// `npm run bench:alerts`: one user's 100 watch items with targets evaluated against a snapshot with the
// shared engine (issue 15 §4: ≤ 50 ms). 90 LRP items over every sample offer of the day (lengths and
// levels of feeder cattle, fed cattle and swine) and 10 LGM items (cattle and swine, default weights).
// Prints the median and the worst of 20 runs after 3 warm-ups, and how many targets were met.
import { getLrpType } from "../shared/catalogue/lrp-types";
import { generateSampleSnapshot } from "../shared/market/sample/generate";
import { evaluateWatchlist } from "../sync-server/alerts/evaluate";

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
// how long until each client has the new as-of date. Clients and server share this process (and the
// machine's 2 cores), so the figure is an upper bound for a server of its own.
await fanOut();

async function fanOut() {
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const Y = await import("yjs");
  const { HocuspocusProvider, HocuspocusProviderWebsocket } = await import("@hocuspocus/provider");
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
  let publishedAt = 0;
  const arrivals: number[] = [];
  const errors: string[] = [];
  const clients = Array.from({ length: CLIENTS }, (_, i) => {
    const doc = new Y.Doc();
    const socket = new HocuspocusProviderWebsocket({ url: `ws://127.0.0.1:${server.port}/sync` });
    let synced: () => void = () => {};
    const ready = new Promise<void>((r) => {
      synced = r;
    });
    let seen = false;
    doc.on("update", () => {
      if (!seen && publishedAt > 0 && doc.getMap("snapshot").get("asOf") === next.asOf) {
        seen = true;
        arrivals.push(performance.now() - publishedAt);
      }
    });
    const provider = new HocuspocusProvider({
      name: "market/current",
      document: doc,
      websocketProvider: socket,
      token,
      onSynced: ({ state }) => state && synced(),
      onAuthenticationFailed: ({ reason }) => errors.push(`client ${i}: refused (${reason})`),
    });
    provider.attach();
    return { provider, socket, ready };
  });
  await Promise.all(clients.map((c) => c.ready));
  publishedAt = performance.now();
  await server.publishMarket(next);
  const deadline = Date.now() + 10_000;
  while (arrivals.length < CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  arrivals.sort((a, b) => a - b);
  const within = arrivals.filter((t) => t <= 1000).length;
  const pct = (p: number) =>
    arrivals[Math.min(arrivals.length - 1, Math.floor((p / 100) * arrivals.length))] ?? NaN;
  console.log(`fan-out: a new snapshot published to ${CLIENTS} connected clients of market/current`);
  console.log(
    `  received by ${arrivals.length}/${CLIENTS}; within 1 s: ${within}; p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, last ${(arrivals.at(-1) ?? NaN).toFixed(0)} ms`,
  );
  if (errors.length > 0) console.log(`  errors: ${errors.slice(0, 3).join("; ")}`);
  console.log(within === CLIENTS ? "  PASS" : "  FAIL: not every client within 1 s");
  for (const c of clients) {
    c.provider.destroy();
    c.socket.destroy();
  }
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
