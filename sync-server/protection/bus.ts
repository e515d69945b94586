import { Redis } from "ioredis";
import type { SessionRevocation } from "../storage/types";

// What one instance tells the others at once (with REDIS_URL): a revoked session, or a membership
// change, so that every instance closes the live connections it holds. Without Redis there is one
// instance and nothing to tell.

export type HardeningEvent =
  | { type: "revocation"; revocation: SessionRevocation }
  | { type: "membership"; orgId: string; userId: string };

export interface HardeningBus {
  publish(event: HardeningEvent): Promise<void>;
  /** Receives the other instances' events (never this instance's own). */
  subscribe(listener: (event: HardeningEvent) => void): void;
  close(): Promise<void>;
}

export function localBus(): HardeningBus {
  return { publish: async () => {}, subscribe: () => {}, close: async () => {} };
}

export async function redisBus(
  url: string,
  prefix: string,
  instanceId: string,
  log: (message: string) => void,
): Promise<HardeningBus> {
  const channel = `${prefix}:hardening`;
  const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null });
  for (const client of [publisher, subscriber]) {
    client.on("error", (error) => log(`hardening bus: ${error.message}`));
  }
  const listeners = new Set<(event: HardeningEvent) => void>();
  subscriber.on("message", (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(text) as { from: string; event: HardeningEvent };
      if (message.from === instanceId) return;
      for (const listener of listeners) listener(message.event);
    } catch (error) {
      log(`hardening bus: unreadable message (${(error as Error).message})`);
    }
  });
  await subscriber.subscribe(channel);
  return {
    async publish(event) {
      await publisher.publish(channel, JSON.stringify({ from: instanceId, event }));
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      listeners.clear();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
