import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createPushSender } from "../../../sync-server/push/send";
import { SqlitePushStore } from "../../../sync-server/push/store";
import { loadVapidKeys, type VapidKeys } from "../../../sync-server/push/vapid";

// Web Push delivery through the sender's pool, against real HTTP servers on 127.0.0.1: one that answers
// (a live push service) and one that takes the POST and never answers (dead endpoints).

let dir: string;
let store: SqlitePushStore;
let keys: VapidKeys;
let live: Server;
let hanging: Server;
let liveOrigin: string;
let hangingOrigin: string;
const received: string[] = [];
const browser = { p256dh: webpush.generateVAPIDKeys().publicKey, auth: "AAAAAAAAAAAAAAAAAAAAAA" };
const payload = { title: "t", body: "b", url: "https://app.test/", tag: "x" };

const listen = async (server: Server) => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rangeline-push-delivery-"));
  store = new SqlitePushStore(join(dir, "push.sqlite"));
  keys = loadVapidKeys({ dataDir: dir, subject: "mailto:alerts@rangeline.test" });
  live = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received.push(req.url ?? "");
      res.writeHead(201).end();
    });
  });
  hanging = createServer((req) => {
    req.resume();
  });
  liveOrigin = await listen(live);
  hangingOrigin = await listen(hanging);
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise<void>((r) => hanging.close(() => r()));
  await new Promise<void>((r) => live.close(() => r()));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const register = (endpoint: string, userId: string) =>
  store.add({ endpoint, userId, ...browser, createdAt: 1 }, 100);

describe("Web Push delivery", () => {
  it("[PUSH1] never POSTs to an endpoint outside the push services (a row stored before the rule): it is removed", async () => {
    await register(`${liveOrigin}/internal/metadata`, "old-user");
    const sender = createPushSender({ store, keys });
    expect(await sender.send("old-user", payload)).toEqual({ sent: 0, removed: 1, failed: [] });
    expect(received).toEqual([]);
    expect(await store.listFor("old-user")).toEqual([]);
  });

  it("[PUSH4] dead endpoints take a bounded pool's slots for the timeout only, and every user's first device goes before anyone's second", async () => {
    // A timeout far above a loopback answer, so a busy machine does not time out the live device.
    const timeoutMs = 1000;
    const concurrency = 10;
    const deadUsers = ["dead-0", "dead-1"];
    for (const user of deadUsers)
      for (let d = 0; d < 10; d++) await register(`${hangingOrigin}/dead/${user}/${d}`, user);
    await register(`${liveOrigin}/live/device`, "live-user");
    const sender = createPushSender({
      store,
      keys,
      concurrency,
      timeoutMs,
      testOrigins: [liveOrigin, hangingOrigin],
    });
    const run = async () => {
      const order: string[] = [];
      const started = performance.now();
      // The live user asks last, behind twenty dead devices.
      const all = [...deadUsers, "live-user"].map((user) =>
        sender.send(user, payload).then((result) => {
          order.push(user);
          return result;
        }),
      );
      const results = await Promise.all(all);
      return { order, results, ms: performance.now() - started };
    };
    for (const attempt of [await run(), await run()]) {
      expect(attempt.results.at(-1)).toEqual({ sent: 1, removed: 0, failed: [] });
      expect(attempt.results[0]?.failed).toHaveLength(10);
      // The live device was answered first, not after the dead ones' timeouts.
      expect(attempt.order[0]).toBe("live-user");
      // 20 dead endpoints in slots of 10: two timeouts, not twenty.
      expect(attempt.ms).toBeLessThan(6 * timeoutMs);
    }
    expect(received.filter((path) => path === "/live/device")).toHaveLength(2);
  });
});
