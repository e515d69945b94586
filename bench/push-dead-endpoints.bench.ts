// `npm run bench:push-dead`: Web Push delivery to 1,000 dead endpoints beside one live device (PUSH4,
// docs/alerts.md). 100 users with 10 dead devices each — 500 on a loopback server that takes the POST and
// never answers, 500 on a loopback port nothing listens on (refused) — and one user with a live device on
// a loopback push service that answers 201, asked last (the worst place in the queue). Two runs through
// one sender with the server's defaults (PUSH_CONCURRENCY at once, PUSH_TIMEOUT_MS each): the first knows
// nothing of the endpoints; in the second the dead ones wait in the second lane. Prints, per run, when the
// live device's push was answered and when the whole delivery ended.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpush from "web-push";
import { createPushSender, PUSH_CONCURRENCY, PUSH_TIMEOUT_MS } from "../sync-server/push/send";
import { SqlitePushStore } from "../sync-server/push/store";
import { loadVapidKeys } from "../sync-server/push/vapid";

const DEAD_USERS = 100;
const DEVICES = 10;

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const dir = mkdtempSync(join(tmpdir(), "rangeline-bench-push-"));
const store = new SqlitePushStore(join(dir, "push.sqlite"));
const keys = loadVapidKeys({ dataDir: dir, subject: "mailto:bench@rangeline.test" });
const browser = { p256dh: webpush.generateVAPIDKeys().publicKey, auth: "AAAAAAAAAAAAAAAAAAAAAA" };
let liveAnswered = 0;
const live = createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    liveAnswered++;
    res.writeHead(201).end();
  });
});
const hanging = createServer((req) => req.resume());
const closed = createServer();
const liveOrigin = await listen(live);
const hangingOrigin = await listen(hanging);
const refusedOrigin = await listen(closed);
await new Promise<void>((r) => closed.close(() => r()));

const users: string[] = [];
for (let u = 0; u < DEAD_USERS; u++) {
  const user = `dead-${u}`;
  users.push(user);
  const origin = u % 2 === 0 ? hangingOrigin : refusedOrigin;
  for (let d = 0; d < DEVICES; d++)
    await store.add(
      { endpoint: `${origin}/push/${user}/${d}`, userId: user, ...browser, createdAt: d },
      DEVICES,
    );
}
await store.add({ endpoint: `${liveOrigin}/push/live`, userId: "live", ...browser, createdAt: 0 }, DEVICES);

const sender = createPushSender({
  store,
  keys,
  testOrigins: [liveOrigin, hangingOrigin, refusedOrigin],
});
const payload = { title: "Price alert", body: "bench", url: "https://app.test/", tag: "bench" };

async function run(label: string) {
  const started = performance.now();
  let liveMs = 0;
  const dead = users.map((user) => sender.send(user, payload));
  const mine = sender.send("live", payload).then((result) => {
    liveMs = performance.now() - started;
    return result;
  });
  const results = await Promise.all([...dead, mine]);
  const totalMs = performance.now() - started;
  const failed = results.reduce((n, r) => n + r.failed.length, 0);
  const sent = results.reduce((n, r) => n + r.sent, 0);
  console.log(
    `  ${label}: live device answered after ${liveMs.toFixed(0)} ms; all ${DEAD_USERS * DEVICES + 1} done after ${totalMs.toFixed(0)} ms (${sent} sent, ${failed} failed)`,
  );
}

console.log(
  `push delivery: ${DEAD_USERS * DEVICES} dead endpoints (${(DEAD_USERS / 2) * DEVICES} never answer, ${(DEAD_USERS / 2) * DEVICES} refused) of ${DEAD_USERS} users and 1 live device asked last; pool ${PUSH_CONCURRENCY}, timeout ${PUSH_TIMEOUT_MS} ms`,
);
await run("run 1 (nothing known)");
await run("run 2 (dead endpoints in the second lane)");
console.log(
  `  before PUSH4 (one POST after another, 10 s timeout): the live device would wait ${((DEAD_USERS / 2) * DEVICES * 10).toLocaleString("en-US")} s behind the silent ones`,
);
if (liveAnswered !== 2) throw new Error(`the live device got ${liveAnswered} pushes, expected 2`);

hanging.closeAllConnections();
await new Promise<void>((r) => hanging.close(() => r()));
await new Promise<void>((r) => live.close(() => r()));
await store.close();
rmSync(dir, { recursive: true, force: true });
