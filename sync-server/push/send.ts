import webpush from "web-push";
import type { PushStore, PushSubscriptionRecord } from "./store";
import type { VapidKeys } from "./vapid";

// Sends one notification to every subscription of a user. web-push encrypts the payload (aes128gcm)
// and signs the VAPID header; the POST to the push service's endpoint is ours (fetch), so an endpoint
// on loopback over plain HTTP (tests) and the push services over HTTPS go the same way. A subscription
// the push service says is gone (404, 410) is removed.

export interface PushPayload {
  title: string;
  body: string;
  /** The address the notification opens (the quote). */
  url: string;
  /** Replaces an earlier notification with the same tag. */
  tag: string;
}

export interface PushResult {
  sent: number;
  removed: number;
  failed: string[];
}

export async function sendPush(
  store: PushStore,
  keys: VapidKeys,
  userId: string,
  payload: PushPayload,
  options: { timeoutMs?: number; ttlSeconds?: number } = {},
): Promise<PushResult> {
  const result: PushResult = { sent: 0, removed: 0, failed: [] };
  for (const sub of await store.listFor(userId)) {
    const status = await deliver(sub, keys, payload, options);
    if (status >= 200 && status < 300) result.sent++;
    else if (status === 404 || status === 410) {
      await store.remove(sub.endpoint);
      result.removed++;
    } else
      result.failed.push(`${new URL(sub.endpoint).origin}: ${status === 0 ? "no answer" : `HTTP ${status}`}`);
  }
  return result;
}

async function deliver(
  sub: PushSubscriptionRecord,
  keys: VapidKeys,
  payload: PushPayload,
  options: { timeoutMs?: number; ttlSeconds?: number },
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds ?? 12 * 3600,
      contentEncoding: "aes128gcm",
    },
  );
  try {
    const response = await fetch(details.endpoint, {
      method: "POST",
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
