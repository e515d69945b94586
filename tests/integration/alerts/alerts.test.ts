import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import * as Y from "yjs";
import { generateSampleSnapshot } from "../../../shared/market/sample/generate";
import { quoteLrp } from "../../../shared/pricing/lrp/quote";
import { runAlerts } from "../../../sync-server/alerts/run";
import type { EmailMessage, EmailSender } from "../../../sync-server/outbound/email/types";
import { createPushSender } from "../../../sync-server/push/send";
import { SqlitePushStore } from "../../../sync-server/push/store";
import { loadVapidKeys } from "../../../sync-server/push/vapid";
import { SqliteStorage } from "../../../sync-server/storage/sqlite";

// Price alerts end to end on the server side: a watchlist stored as a real document, the shared engine
// on a snapshot, and the notification POSTed (encrypted, VAPID-signed by web-push) to a push service
// stand-in on 127.0.0.1 — once per snapshot.

const AS_OF = "2026-11-20";
const snapshot = generateSampleSnapshot(AS_OF);
const offer = snapshot.lrpRates.find(
  (r) => r.commodityCode === "0801" && r.typeCode === "810" && r.salesEffectiveDate === AS_OF,
);
if (!offer) throw new Error("no sample offer");
const setup = {
  name: "Steers spring",
  plan: "lrp",
  commodity: "0801",
  type: "810",
  endorsementLengthWeeks: offer.endorsementLengthWeeks,
  coverageLevel: offer.coverageLevel,
  head: 100,
  targetWeightCwt: 7.5,
};
const { name: _n, plan: _p, ...quoteInput } = setup;
const quote = quoteLrp({ ...quoteInput, salesDate: AS_OF, cropYear: offer.cropYear }, snapshot);
const perHead = quote.producerPremiumPerHead.toFixed(2);

let dir: string;
let storage: SqliteStorage;
let pushStore: SqlitePushStore;
let pushService: Server;
let endpoint: string;
const received: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
let answer = 201;

async function writeWatchlist(userId: string, items: Record<string, unknown>) {
  const doc = new Y.Doc();
  const map = doc.getMap("items");
  for (const [id, item] of Object.entries(items)) map.set(id, { ...(item as object), id });
  await storage.appendUpdate(`user/${userId}/watchlist`, Y.encodeStateAsUpdate(doc), "test");
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rangeline-alerts-"));
  storage = new SqliteStorage(join(dir, "db.sqlite"));
  pushStore = new SqlitePushStore(join(dir, "push.sqlite"));
  pushService = createServer((req, res) => {
    let bytes = 0;
    req.on("data", (c: Buffer) => {
      bytes += c.length;
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, bytes });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, "127.0.0.1", r));
  endpoint = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/device-1`;
});
afterAll(async () => {
  await new Promise<void>((r) => pushService.close(() => r()));
  await pushStore.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("price alerts", () => {
  it("generates the VAPID pair once in DATA_DIR and reads it back", () => {
    const a = loadVapidKeys({ dataDir: dir, subject: "mailto:a@b.test" });
    const b = loadVapidKeys({ dataDir: dir, subject: "mailto:a@b.test" });
    expect(a.publicKey).toBe(b.publicKey);
    expect(a.privateKey).toBe(b.privateKey);
    expect(loadVapidKeys({ dataDir: dir, publicKey: "P", privateKey: "Q", subject: "s" }).publicKey).toBe(
      "P",
    );
  });

  it("a met target is pushed to the user's device once per snapshot; an unmet one is not; e-mail when asked", async () => {
    const keys = loadVapidKeys({ dataDir: dir, subject: "mailto:alerts@rangeline.test" });
    // A browser's subscription keys (what PushManager.subscribe hands the page).
    const browserKeys = webpush.generateVAPIDKeys();
    await pushStore.add(
      {
        endpoint,
        userId: "producer-1",
        p256dh: browserKeys.publicKey,
        auth: "AAAAAAAAAAAAAAAAAAAAAA",
        createdAt: 1,
      },
      10,
    );
    await writeWatchlist("producer-1", {
      met: { ...setup, target: { kind: "premiumPerHead", value: perHead, email: true } },
      unmet: { ...setup, name: "Too cheap", target: { kind: "premiumPerHead", value: "0.01" } },
      floor: {
        ...setup,
        name: "Floor",
        target: { kind: "netFloorPerCwt", value: "9999.00" },
      },
      plain: { ...setup, name: "No target" },
    });
    const mails: EmailMessage[] = [];
    const email: EmailSender = {
      kind: "outbox",
      send: async (m) => {
        mails.push(m);
        return { id: String(mails.length) };
      },
    };
    await storage.members.upsertUser({ id: "producer-1", email: "rancher@example.test", name: "R" });
    await storage.members.addMembership("producer-1", "org-1", "customer");
    const options = {
      storage,
      push: createPushSender({ store: pushStore, keys, testOrigins: [new URL(endpoint).origin] }),
      email,
      appUrl: () => "http://127.0.0.1:9999/",
    };
    const first = await runAlerts(snapshot, options);
    expect(first).toEqual({ users: 1, hits: 1, pushed: 1, emailed: 1, smsUnsent: 0, alreadyTold: 0 });
    expect(received).toHaveLength(1);
    const push = received[0];
    expect(push.path).toBe("/push/device-1");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(push.headers.authorization).toContain(`k=${keys.publicKey}`);
    expect(Number(push.headers.ttl)).toBe(43200);
    expect(push.bytes).toBeGreaterThan(100); // the encrypted payload
    expect(mails).toEqual([
      {
        to: "rancher@example.test",
        subject: "Price alert: Steers spring",
        // 2026-11-20 is a Cattle on Feed day: the alert says its prices cannot be bought (docs/market-data.md).
        text: `${AS_OF} prices: producer premium $${perHead}/head (target $${perHead} or less). No sales on ${AS_OF} (USDA Cattle on Feed report day: no LRP sales): these prices cannot be bought.\n\nOpen the quote: http://127.0.0.1:9999/insurance/lrp-quote?commodity=0801&type=810&watch=met\n`,
      },
    ]);
    // The same snapshot again (a restart, another instance): nobody is told twice.
    const again = await runAlerts(snapshot, options);
    expect(again).toMatchObject({ hits: 1, pushed: 0, emailed: 0, alreadyTold: 1 });
    expect(received).toHaveLength(1);
  });

  it("a subscription the push service says is gone (410) is removed", async () => {
    answer = 410;
    const keys = loadVapidKeys({ dataDir: dir, subject: "mailto:alerts@rangeline.test" });
    const next = generateSampleSnapshot("2026-11-23");
    const result = await runAlerts(next, {
      storage,
      push: createPushSender({ store: pushStore, keys, testOrigins: [new URL(endpoint).origin] }),
      email: null,
      appUrl: () => "x",
    });
    expect(result.pushed).toBe(0);
    expect(await pushStore.listFor("producer-1")).toEqual([]);
    answer = 201;
  });
});
