import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays } from "../../shared/market/dates";
import { generateSampleSnapshot } from "../../shared/market/sample/generate";
import { formatDate } from "../../src/lib/format/dates";
import { readConfig } from "../../sync-server/config";
import { loadOrCreateSigningKeys } from "../../sync-server/identity/keys";
import { issueTestToken } from "../../sync-server/identity/testing";
import { type RunningServer, startServer } from "../../sync-server/server";
import { addSetupWithTarget, targetStoredOnServer } from "./alert-helpers";
import { CHROMIUM_ARGS, WHOLE_CHROMIUM } from "./browsers";
import { E2E_DAY } from "./clock";
import { expect, test } from "./fixtures";
import { premiumAlertBody } from "./quote-helpers";
import { CUSTOMER, signIn } from "./sync-helpers";

// Price alerts in Chromium (docs/market-data.md–5). The server runs in this process (its own data directory,
// the app built into ALERTS_STATIC_DIR), so the test can publish a new snapshot the way the feed does.
//
// What is covered, exactly:
// - the watchlist screen sets a target on an item (the synced document the server reads);
// - the server evaluates it after the publish and POSTs an encrypted (aes128gcm), VAPID-signed Web Push
//   through web-push to the subscription's endpoint — a push-service stand-in on 127.0.0.1;
// - the stand-in's message is decrypted here (RFC 8291) and handed to Chromium's own push delivery for
//   the page's service-worker registration (DevTools ServiceWorker.deliverPushMessage): the browser
//   fires a real `push` event in the worker, whose handler (src/sw.ts) shows the notification, read back
//   with registration.getNotifications();
// - the LRP quote screen and the watchlist show the new snapshot's date without a reload.
// Not covered, and why:
// - PushManager.subscribe here: this test's context is off the record, where Chromium refuses it
//   ("Registration failed - permission denied"), so the subscription is registered through the API with
//   keys made here, as the screen would POST them. The real subscribe, the push through a (stand-in)
//   push service and Chromium's own decryption, on a profile on disk, are in push-subscribe.spec.ts;
// - the hop through the browser vendor's push service (FCM), and its decryption inside Chromium;
// - a click on the notification (no way to click a system notification from a test).

// The whole browser, not the headless shell: the shell shows no notification from a service worker
// (getNotifications() stays empty after the push event). A worker of its own for this file.
test.use({ launchOptions: { executablePath: WHOLE_CHROMIUM, args: CHROMIUM_ARGS } });

const STATIC_DIR = process.env.ALERTS_STATIC_DIR ?? "dist";
let server: RunningServer;
let dataDir: string;
let pushService: Server;
let pushUrl: string;
const pushes: Buffer[] = [];

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "rangeline-e2e-alerts-"));
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      pushes.push(Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, "127.0.0.1", r));
  const pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  pushUrl = `${pushOrigin}/fcm/send/device-1`;
  const config = readConfig({
    NODE_ENV: "test",
    HOST: "127.0.0.1",
    PORT: "0",
    DATA_DIR: dataDir,
    STATIC_DIR,
    // The stand-in is the one push service besides the real ones this server posts to (PUSH1).
    PUSH_TEST_ORIGINS: pushOrigin,
  });
  if ("errors" in config) throw new Error(config.errors.join("; "));
  server = await startServer(config);
});
test.afterAll(async () => {
  await new Promise<void>((r) => pushService.close(() => r()));
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** RFC 8291 aes128gcm: the payload the push service would hand the browser. */
function decrypt(body: Buffer, ua: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = ua.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", secret, auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString("utf8");
}

test("a published snapshot that meets a target pushes a notification; the quote screens show the new date live", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const base = `http://127.0.0.1:${server.port}`;
  const today = generateSampleSnapshot(E2E_DAY);
  await server.publishMarket(today);

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["notifications"], { origin: base });
  const page = await context.newPage();
  await signIn(page, CUSTOMER, "/insurance/watchlist");
  await expect(page.getByTestId("market-as-of").locator("strong")).toHaveText(formatDate(today.asOf));

  // A setup with a target any day's premium meets (producer premium per head at or below $99,999).
  const name = `Alert steers ${Date.now().toString(36)}`;
  await addSetupWithTarget(page, name);
  await expect(page.getByTestId("push-notifications")).toBeVisible();

  // This device's push subscription, registered through the API with an endpoint on loopback.
  const ua = createECDH("prime256v1");
  ua.generateKeys();
  const auth = randomBytes(16);
  const keys = await loadOrCreateSigningKeys(dataDir);
  const token = await issueTestToken(keys, CUSTOMER, { issuer: `http://localhost:${server.port}/` });
  const subscribed = await fetch(`${base}/api/push/subscriptions`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      endpoint: pushUrl,
      keys: { p256dh: ua.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    }),
  });
  expect(subscribed.status).toBe(201);

  // The LRP quote screen open in a second tab, to see the new date arrive without a reload.
  const quote = await context.newPage();
  await quote.goto("/insurance/lrp-quote");
  await expect(quote.getByTestId("market-status")).toBeVisible();

  // Wait until the watchlist document (with the target) is stored on the server, then publish.
  await targetStoredOnServer(server, name);
  const next = generateSampleSnapshot(addDays(today.asOf, 1));
  const told = await Promise.all([server.publishMarket(next), server.alerts.afterPublish(next)]);
  expect(told[1].alreadyTold + told[1].pushed).toBeGreaterThanOrEqual(1);
  await expect.poll(() => pushes.length, { timeout: 20_000 }).toBe(1);
  const payload = JSON.parse(decrypt(pushes[0] as Buffer, ua, auth)) as {
    title: string;
    body: string;
    url: string;
  };
  expect(payload.title).toBe(`Price alert: ${name}`);
  expect(payload.body).toMatch(premiumAlertBody(next.asOf));

  // The quote screens show the new snapshot's date without a reload.
  await expect(page.getByTestId("market-as-of").locator("strong")).toHaveText(formatDate(next.asOf), {
    timeout: 30_000,
  });
  await expect(quote.getByTestId("market-status").locator("strong").first()).toHaveText(
    `Prices as of ${formatDate(next.asOf)}`,
    { timeout: 30_000 },
  );

  // The decrypted push handed to Chromium's push delivery for this origin's service-worker registration:
  // the browser dispatches the `push` event; the worker's handler shows the notification. The worker
  // must be active first.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== "activated")
      await new Promise<void>((resolve) =>
        registration.active?.addEventListener(
          "statechange",
          () => registration.active?.state === "activated" && resolve(),
        ),
      );
  });
  const cdp = await context.newCDPSession(page);
  // Each registration as last reported (an update may report one deleted that an earlier one listed).
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
    for (const r of e.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send("ServiceWorker.enable");
  const live = () => [...registrations.values()].filter((r) => !r.isDeleted && r.scopeURL === `${base}/`);
  await expect.poll(() => live().length).toBeGreaterThan(0);
  const registration = live()[0];
  const deliver = () =>
    cdp.send("ServiceWorker.deliverPushMessage", {
      origin: base,
      registrationId: registration?.registrationId ?? "",
      data: decrypt(pushes[0] as Buffer, ua, auth),
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url?: string } | null)?.url,
      })),
    );
  // DevTools' delivery is the push service's hop, and like a push service it is tried again: one run
  // in about five of the whole suite under load saw no notification within 15 s of a single delivery
  // (cause not found). The alert carries a tag, so a push delivered twice still shows one notification,
  // which is what the assertion below reads.
  await deliver();
  let deliveredAt = Date.now();
  await expect
    .poll(
      async () => {
        const notifications = await shown();
        if (notifications.length === 0 && Date.now() - deliveredAt > 5_000) {
          await deliver();
          deliveredAt = Date.now();
        }
        return notifications;
      },
      { timeout: 20_000 },
    )
    .toEqual([{ title: payload.title, body: payload.body, url: payload.url }]);
  expect(new URL(payload.url).pathname).toBe("/insurance/lrp-quote");
  await context.close();
});
