import webpush from "web-push";
import { pushEndpointProblem } from "./services";
import type { PushStore, PushSubscriptionRecord } from "./store";
import type { VapidKeys } from "./vapid";

// Sends notifications to users' subscriptions. web-push encrypts the payload (aes128gcm) and signs the
// VAPID header; the POST to the push service's endpoint is ours (fetch). Only an endpoint at a known push
// service is ever POSTed to (PUSH1; a row stored before that rule is removed instead). A subscription the
// push service says is gone (404, 410) is removed.
//
// PUSH4: every POST of the sender goes through one bounded pool (PUSH_CONCURRENCY at once, each given
// PUSH_TIMEOUT_MS), so a user's dead endpoints cost a slot for at most the timeout and never hold up
// another user's delivery behind them one after another. Waiting POSTs start by lane: every user's first
// device before anyone's second (a user with ten dead devices delays others no more than one with one),
// and an endpoint whose last POST failed only when nothing else waits: after one failed run, dead
// endpoints go after every live one.

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

/** POSTs in flight at once, across every user. */
export const PUSH_CONCURRENCY = 100;
/** How long one POST to a push service may take (they answer in well under a second). */
export const PUSH_TIMEOUT_MS = 3000;
/** The status `deliver` gives a subscription whose keys cannot encrypt a message: it is removed. */
const UNUSABLE_KEYS = -1;
/** Endpoints remembered as failed (the second lane); beyond it the memory starts again. */
const SUSPECTS_KEPT = 100_000;

export interface PushSenderOptions {
  store: PushStore;
  keys: VapidKeys;
  concurrency?: number;
  timeoutMs?: number;
  ttlSeconds?: number;
  /** Loopback stand-ins of a push service (PUSH_TEST_ORIGINS; never in production). */
  testOrigins?: readonly string[];
}

export interface PushSender {
  /** One notification to every subscription of `userId`; resolves when each POST is answered or timed out. */
  send(userId: string, payload: PushPayload): Promise<PushResult>;
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { store, keys } = options;
  const concurrency = options.concurrency ?? PUSH_CONCURRENCY;
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const suspects = new Set<string>();
  // Waiting POSTs by lane: lane k holds each user's k-th endpoint (so every user's first device goes
  // before anyone's second), the last lane the endpoints that failed last time.
  const SUSPECT_LANE = 16;
  const lanes: (() => void)[][] = Array.from({ length: SUSPECT_LANE + 1 }, () => []);
  let running = 0;
  let pumping = false;
  const pump = () => {
    pumping = false;
    while (running < concurrency) {
      const lane = lanes.find((waiting) => waiting.length > 0);
      const start = lane?.shift();
      if (!start) return;
      running++;
      start();
    }
  };
  // Every POST queues; the pool starts them a moment later, so the requests of one moment (one run's
  // users) are started by lane, not by who asked first.
  const slot = (endpoint: string, rank: number) =>
    new Promise<void>((resolve) => {
      lanes[suspects.has(endpoint) ? SUSPECT_LANE : Math.min(rank, SUSPECT_LANE - 1)]?.push(resolve);
      if (!pumping) {
        pumping = true;
        setImmediate(pump);
      }
    });
  const post = async (sub: PushSubscriptionRecord, rank: number, payload: PushPayload): Promise<number> => {
    await slot(sub.endpoint, rank);
    if (suspects.size >= SUSPECTS_KEPT) suspects.clear();
    try {
      const status = await deliver(sub, keys, payload, { timeoutMs, ttlSeconds: options.ttlSeconds });
      if (status >= 200 && status < 300) suspects.delete(sub.endpoint);
      else suspects.add(sub.endpoint);
      return status;
    } finally {
      running--;
      pump();
    }
  };

  return {
    async send(userId, payload) {
      const result: PushResult = { sent: 0, removed: 0, failed: [] };
      const subs = await store.listFor(userId);
      await Promise.all(
        subs.map(async (sub, rank) => {
          if (pushEndpointProblem(sub.endpoint, options.testOrigins) !== null) {
            await store.remove(sub.endpoint);
            result.removed++;
            return;
          }
          const status = await post(sub, rank, payload);
          if (status >= 200 && status < 300) result.sent++;
          else if (status === 404 || status === 410 || status === UNUSABLE_KEYS) {
            await store.remove(sub.endpoint);
            result.removed++;
          } else
            result.failed.push(
              `${new URL(sub.endpoint).origin}: ${status === 0 ? "no answer" : `HTTP ${status}`}`,
            );
        }),
      );
      return result;
    },
  };
}

async function deliver(
  sub: PushSubscriptionRecord,
  keys: VapidKeys,
  payload: PushPayload,
  options: { timeoutMs: number; ttlSeconds?: number },
): Promise<number> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: options.ttlSeconds ?? 12 * 3600,
        contentEncoding: "aes128gcm",
      },
    );
  } catch {
    return UNUSABLE_KEYS;
  }
  try {
    const response = await fetch(details.endpoint, {
      method: "POST",
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      // Never followed: a push service answers, it does not send the POST elsewhere.
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
