import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { readConfig } from "../../sync-server/config";
import { SqlitePushStore } from "../../sync-server/push/store";
import { type RunningServer, startServer } from "../../sync-server/server";
import { CUSTOMER, signIn } from "./sync-helpers";

// PushManager.subscribe in headless Chromium, on loopback only (issue 15 §5; docs/alerts.md).
//
// Chromium subscribes through Google's GCM: a "checkin" (protobuf) that gives the browser an Android
// id and security token, then a "registration" per subscription that returns the token the endpoint
// ends with. Chromium's own switches --gcm-checkin-url and --gcm-registration-url point both at a
// stand-in here on 127.0.0.1 (Google's service cannot be reached from this machine; the stand-in
// answers as GCM does: a checkin response with android_id and security_token, then `token=…`). Push
// needs a profile on disk: in an off-the-record context (Playwright's newContext) Chromium refuses
// with "Registration failed - permission denied", which is what the earlier test ran into.
//
// Covered: the watchlist screen's "Turn on price alerts" runs the real PushManager.subscribe with the
// server's VAPID public key (the registration Chromium sends carries it as `sender`), and the
// subscription Chromium makes — endpoint and its own P-256 and auth keys — reaches the server's push
// store through POST /api/push/subscriptions.
// Not covered: delivery through that endpoint. Its host is Google's (Chromium builds it itself:
// https://jmt17.google.com/fcm/send/{token} when the registration address is overridden), and the
// message would reach the browser over GCM's MCS connection (a TLS socket speaking Google's protocol),
// which no stand-in here speaks. Delivery into the service worker is covered by alerts.spec.ts
// (DevTools ServiceWorker.deliverPushMessage with a payload web-push encrypted).

const STATIC_DIR = process.env.PUSH_STATIC_DIR ?? process.env.ALERTS_STATIC_DIR ?? "dist";
const ANDROID_ID = 1234567890123n;
const SECURITY_TOKEN = 9876543210987n;
let server: RunningServer;
let dataDir: string;
let gcm: Server;
const gcmRequests: { path: string; form: URLSearchParams; authorization: string }[] = [];

/** GCM's AndroidCheckinResponse: stats_ok (1) = true, android_id (7) and security_token (8), fixed64. */
function checkinResponse(): Buffer {
  const fixed64 = (tag: number, value: bigint) => {
    const b = Buffer.alloc(9);
    b[0] = tag;
    b.writeBigUInt64LE(value, 1);
    return b;
  };
  return Buffer.concat([Buffer.from([0x08, 0x01]), fixed64(0x39, ANDROID_ID), fixed64(0x41, SECURITY_TOKEN)]);
}

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rangeline-e2e-push-"));
  const config = readConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    STATIC_DIR,
  });
  if ("errors" in config) throw new Error(config.errors.join("; "));
  server = await startServer(config);
  gcm = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.url === "/checkin") {
        res.writeHead(200, { "content-type": "application/x-protobuf" }).end(checkinResponse());
        return;
      }
      if (req.url === "/register") {
        const form = new URLSearchParams(body.toString("utf8"));
        gcmRequests.push({ path: req.url, form, authorization: req.headers.authorization ?? "" });
        res.writeHead(200, { "content-type": "text/plain" }).end(`token=loopback-${gcmRequests.length}`);
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => gcm.listen(0, "127.0.0.1", r));
});
test.afterAll(async () => {
  await new Promise<void>((r) => gcm.close(() => r()));
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("Turn on price alerts runs Chromium's PushManager.subscribe with the server's key, and the server keeps the browser's subscription", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const base = `http://127.0.0.1:${server.port}`;
  const gcmBase = `http://127.0.0.1:${(gcm.address() as AddressInfo).port}`;
  const profile = mkdtempSync(join(tmpdir(), "rangeline-e2e-push-profile-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: false,
    baseURL: base,
    viewport: { width: 1280, height: 800 },
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-component-update",
      "--disable-sync",
      `--gcm-checkin-url=${gcmBase}/checkin`,
      `--gcm-registration-url=${gcmBase}/register`,
      // MCS (delivery) is not spoken here: a closed loopback port, so nothing leaves the machine.
      "--gcm-mcs-endpoint=https://127.0.0.1:9",
    ],
  });
  try {
    await context.grantPermissions(["notifications"], { origin: base });
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, CUSTOMER, "/insurance/watchlist");
    const push = page.getByTestId("push-notifications");
    await expect(push).toHaveAttribute("data-state", "off", { timeout: 20_000 });
    await push.getByRole("button", { name: "Turn on price alerts" }).click();
    await expect(push).toHaveAttribute("data-state", "on", { timeout: 30_000 });
    await expect(push.getByText("Price alerts are on for this device.")).toBeVisible();

    // The web push registration carries the server's VAPID public key, and the checkin's credentials.
    const { publicKey } = (await (await fetch(`${base}/api/push/vapid-public-key`)).json()) as {
      publicKey: string;
    };
    const webPush = gcmRequests.find((r) => r.form.get("sender") === publicKey);
    expect(webPush, JSON.stringify(gcmRequests.map((r) => r.form.get("sender")))).toBeDefined();
    expect(webPush?.authorization).toBe(`AidLogin ${ANDROID_ID}:${SECURITY_TOKEN}`);
    expect(webPush?.form.get("X-subtype")).toMatch(/^wp:/);

    // The browser's own subscription, as the page sees it and as the server stored it.
    const inBrowser = await page.evaluate(async () => {
      const s = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      return s?.toJSON() ?? null;
    });
    const token = `loopback-${gcmRequests.indexOf(webPush as (typeof gcmRequests)[number]) + 1}`;
    expect(inBrowser?.endpoint).toMatch(new RegExp(`/fcm/send/${token}$`));
    expect(Buffer.from(inBrowser?.keys?.p256dh ?? "", "base64url")).toHaveLength(65);
    expect(Buffer.from(inBrowser?.keys?.auth ?? "", "base64url")).toHaveLength(16);
    const store = SqlitePushStore.inDataDir(dataDir);
    try {
      await expect
        .poll(async () => (await store.listFor(CUSTOMER.sub)).map((r) => r.endpoint), { timeout: 15_000 })
        .toEqual([inBrowser?.endpoint]);
      const [kept] = await store.listFor(CUSTOMER.sub);
      expect(kept?.p256dh).toBe(inBrowser?.keys?.p256dh);
    } finally {
      await store.close();
    }

    // Turning it off unsubscribes in the browser and removes the row.
    await push.getByRole("button", { name: "Turn off" }).click();
    await expect(push).toHaveAttribute("data-state", "off", { timeout: 20_000 });
    const after = SqlitePushStore.inDataDir(dataDir);
    try {
      expect(await after.listFor(CUSTOMER.sub)).toEqual([]);
    } finally {
      await after.close();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
