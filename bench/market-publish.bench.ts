// `npm run bench:publish`: publishing a market snapshot to 200 connected clients (docs/market-data.md; ≤ 1 s).
//
// A real server on 127.0.0.1 (the sample market, published the way the feed publishes), 200 synced
// clients of `market/current` — each its own WebSocket and Y.Doc, as the demo customer — in 4 child
// processes of 50. A new snapshot is published; each client does what a device does: it receives the
// notice in the document (as-of, label, version), then GETs that version's snapshot from
// /api/market/snapshots/{version} (gzip, as a browser asks). Printed, from the publish call, median,
// p95 and last of the 200 and how many within 1 s:
//   - notice:   the client's document shows the new version;
//   - snapshot: the client holds the snapshot's bytes (notice + GET complete) — the publish reached it;
//   - parsed:   the client has also gunzipped and parsed them. Each process parses its 50 in turn once
//               all 50 hold the bytes (so parsing does not delay the others' receipt), on the same 2
//               cores as the server: 200 × ~600 KB of JSON that real devices each parse on their own
//               processor. This line measures the machine; it is printed for honesty.
// One device's own work on a new version — gunzip, JSON.parse and the schema check MarketHistory runs —
// is timed alone at the end. The pass line is on "snapshot".
// The API's per-address rate limit is raised for the run: 200 devices share 127.0.0.1 here.
// Options: --clients N (default 200), --processes P (default 4).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { addDays } from "../shared/market/dates";
import { publishedMarketOf, publishedSnapshotPath } from "../shared/market/published";
import { generateSampleSnapshot } from "../shared/market/sample/generate";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

interface Plan {
  url: string;
  origin: string;
  token: string;
  count: number;
  asOf: string;
}
interface Report {
  type: "arrivals";
  notices: number[];
  snapshots: number[];
  parsed: number[];
  errors: string[];
}

/** GET with gzip accepted; resolves with the body's bytes as sent (a browser decompresses natively). */
function getBytes(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    })
      .on("error", reject)
      .end();
  });
}

if (process.argv.includes("--clients-child")) {
  await clientsChild();
  process.exit(0);
}
await main();

/** A child process holding its share of the clients; reports when each saw the notice and held the snapshot. */
async function clientsChild() {
  const Y = await import("yjs");
  const { HocuspocusProvider, HocuspocusProviderWebsocket } = await import("@hocuspocus/provider");
  const plan = await new Promise<Plan>((resolve) => process.once("message", (m) => resolve(m as Plan)));
  const notices: number[] = [];
  const snapshots: number[] = [];
  const parsed: number[] = [];
  const received: { client: number; bytes: Buffer }[] = [];
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
      const published = publishedMarketOf(doc.getMap("snapshot").toJSON());
      if (seen || published?.asOf !== plan.asOf) return;
      seen = true;
      notices.push(Date.now());
      getBytes(new URL(publishedSnapshotPath(published.version), plan.origin).toString())
        .then((bytes) => {
          snapshots.push(Date.now());
          received.push({ client: i, bytes });
        })
        .catch((e) => errors.push(`client ${i}: ${e instanceof Error ? e.message : e}`));
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
  const deadline = Date.now() + 30_000;
  while (snapshots.length + errors.length < plan.count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 5));
  // Parsed once this process's clients all hold the bytes, so that parsing does not hold up the others'
  // receipt (separate devices parse in parallel); each is then timed as if parsed in turn here.
  for (const { client, bytes } of received) {
    const snapshot = JSON.parse(gunzipSync(bytes).toString("utf8")) as { asOf?: string };
    if (snapshot.asOf !== plan.asOf) errors.push(`client ${client}: another snapshot`);
    else parsed.push(Date.now());
  }
  const report: Report = { type: "arrivals", notices, snapshots, parsed, errors };
  await new Promise<void>((r) => process.send?.(report, () => r()));
  for (const c of clients) {
    c.provider.destroy();
    c.socket.destroy();
  }
}

async function main() {
  const { readConfig } = await import("../sync-server/config");
  const { startServer } = await import("../sync-server/server");
  const { loadOrCreateSigningKeys } = await import("../sync-server/identity/keys");
  const { issueTestToken } = await import("../sync-server/identity/testing");
  const { DEMO_USERS } = await import("../sync-server/identity/demo-users");
  const { marketSnapshotSchema } = await import("../shared/market/snapshot");
  const CLIENTS = arg("--clients", 200);
  const PROCESSES = arg("--processes", 4);
  const ASOF = "2026-11-20";
  const dataDir = mkdtempSync(join(tmpdir(), "rangeline-bench-publish-"));
  const config = readConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMIT_API_PER_ADDRESS: "1000000",
    RATE_LIMIT_SOCKETS_PER_ADDRESS: "1000000",
  });
  if ("errors" in config) throw new Error(config.errors.join("; "));
  const server = await startServer(config, { log: () => {} });
  const customer = DEMO_USERS.find((u) => u.email === "customer@demo.rangeline.test");
  if (!customer) throw new Error("no demo customer");
  const token = await issueTestToken(await loadOrCreateSigningKeys(dataDir), customer, {
    issuer: `http://localhost:${server.port}/`,
  });
  await server.publishMarket(generateSampleSnapshot(ASOF));
  const next = generateSampleSnapshot(addDays(ASOF, 3));
  const file = fileURLToPath(import.meta.url);
  const children = Array.from({ length: PROCESSES }, (_, p) => {
    const proc = spawn(process.execPath, ["--import", "tsx", file, "--clients-child"], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const messages: { type: string }[] = [];
    const waiters: (() => void)[] = [];
    proc.on("message", (m) => {
      messages.push(m as { type: string });
      for (const w of waiters.splice(0)) w();
    });
    const receive = async <T>(type: string): Promise<T> => {
      for (;;) {
        const found = messages.find((m) => m.type === type);
        if (found) return found as T;
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    const count = Math.floor(CLIENTS / PROCESSES) + (p < CLIENTS % PROCESSES ? 1 : 0);
    proc.send({ url: server.syncUrl, origin: server.url, token, count, asOf: next.asOf } satisfies Plan);
    return { proc, receive };
  });
  await Promise.all(children.map((c) => c.receive("ready")));
  await new Promise((r) => setTimeout(r, 500));

  // The update a client receives: the document's state before and after the publish, diffed.
  const { encodeStateVector, encodeStateAsUpdate } = await import("yjs");
  const live = server.hocuspocus.documents.get("market/current");
  const before = live ? encodeStateVector(live) : undefined;

  const publishedAt = Date.now();
  await server.publishMarket(next);
  const publishMs = Date.now() - publishedAt;
  const reports = await Promise.all(children.map((c) => c.receive<Report>("arrivals")));
  const updateBytes = live && before ? encodeStateAsUpdate(live, before).byteLength : Number.NaN;

  const since = (times: number[]) => times.map((t) => t - publishedAt).sort((a, b) => a - b);
  const notices = since(reports.flatMap((r) => r.notices));
  const snapshots = since(reports.flatMap((r) => r.snapshots));
  const parsedAt = since(reports.flatMap((r) => r.parsed));
  const errors = reports.flatMap((r) => r.errors);
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const line = (name: string, xs: number[]) =>
    `  ${name}: ${xs.length}/${CLIENTS} received, ${xs.filter((t) => t <= 1000).length} within 1 s; median ${pct(xs, 50)} ms, p95 ${pct(xs, 95)} ms, last ${xs.at(-1)} ms`;

  // One device's work on a new version, alone: gunzip, JSON.parse, the schema check (MarketHistory).
  const json = JSON.stringify(next);
  const { gzipSync } = await import("node:zlib");
  const gz = gzipSync(json);
  const device: number[] = [];
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    marketSnapshotSchema.parse(JSON.parse(gunzipSync(gz).toString("utf8")));
    device.push(performance.now() - t0);
  }
  device.sort((a, b) => a - b);

  console.log(
    `publish: a new snapshot to ${CLIENTS} connected clients of market/current (${PROCESSES} client processes, this machine's ${(await import("node:os")).availableParallelism()} cores shared with the server)`,
  );
  console.log(
    `  update sent to each client: ${updateBytes} bytes (the notice); snapshot ${json.length} bytes of JSON, ${gz.byteLength} gzipped, encoded once per version; publish call ${publishMs} ms`,
  );
  console.log(line("notice  ", notices));
  console.log(line("snapshot", snapshots));
  console.log(line("parsed  ", parsedAt));
  console.log(
    `  one device's own work on a new version (gunzip + parse + schema check), alone: median ${pct(device, 50).toFixed(1)} ms of ${device.length}`,
  );
  if (errors.length > 0) console.log(`  errors (${errors.length}): ${errors.slice(0, 3).join("; ")}`);
  const pass = snapshots.length === CLIENTS && (pct(snapshots, 100) ?? Number.POSITIVE_INFINITY) <= 1000;
  console.log(
    pass ? "  PASS: every client holds the new snapshot within 1 s" : "  FAIL: not every client within 1 s",
  );
  for (const c of children) c.proc.kill();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
