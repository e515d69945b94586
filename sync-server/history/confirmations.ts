import { Redis } from "ioredis";
import { nowMs } from "../clock";

// The confirmations of held writes (HIST3, hold.ts): a user who was asked "remove these records?" and
// said yes may send that write again within CONFIRMATION_TTL_MS, once. With REDIS_URL the
// confirmation is a Redis key with that expiry, so the instance the client reconnects to — any of them
// behind a load balancer — finds it; without Redis there is one instance and it stays in memory.
// Redis rather than the database: every deployment with several instances has Redis already (the
// documents' updates fan out through it), a key expires by itself (SET … PX) and is used up atomically
// (GETDEL), and a confirmation is worth nothing after two minutes, so nothing needs to outlive Redis.

/** How long a confirmation waits for the write it allows, ms. */
export const CONFIRMATION_TTL_MS = 2 * 60 * 1000;

export interface ConfirmationStore {
  /** Records the user's confirmation for the document; returns when it expires (epoch ms). */
  confirm(userId: string, document: string): Promise<number>;
  /** Uses up the user's confirmation for the document; false when there is none (or it expired). */
  take(userId: string, document: string): Promise<boolean>;
  close(): Promise<void>;
}

const keyOf = (userId: string, document: string) => `${userId}\u0000${document}`;

/** This instance's confirmations (one instance: no REDIS_URL). */
export class MemoryConfirmations implements ConfirmationStore {
  private readonly given = new Map<string, number>();
  constructor(private readonly now: () => number = nowMs) {}

  async confirm(userId: string, document: string): Promise<number> {
    const expiresAt = this.now() + CONFIRMATION_TTL_MS;
    this.given.set(keyOf(userId, document), expiresAt);
    for (const [key, until] of this.given) if (until <= this.now()) this.given.delete(key);
    return expiresAt;
  }

  async take(userId: string, document: string): Promise<boolean> {
    const key = keyOf(userId, document);
    const expiresAt = this.given.get(key);
    this.given.delete(key);
    return expiresAt !== undefined && expiresAt > this.now();
  }

  async close(): Promise<void> {
    this.given.clear();
  }
}

/**
 * Confirmations every instance sees (REDIS_URL). When Redis does not answer, a confirmation fails (the
 * API says so, the user tries again) and a held write stays held: the safe side of both.
 */
export class RedisConfirmations implements ConfirmationStore {
  readonly #redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    log: (message: string) => void = () => {},
    timeoutMs = 1000,
  ) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: timeoutMs });
    this.#redis.on("error", (error) => log(`held-write confirmations: Redis: ${error.message}`));
  }

  private key(userId: string, document: string): string {
    return `${this.prefix}:held-ok:${keyOf(userId, document)}`;
  }

  async confirm(userId: string, document: string): Promise<number> {
    const expiresAt = nowMs() + CONFIRMATION_TTL_MS;
    await this.#redis.set(this.key(userId, document), String(expiresAt), "PX", CONFIRMATION_TTL_MS);
    return expiresAt;
  }

  async take(userId: string, document: string): Promise<boolean> {
    return (await this.#redis.getdel(this.key(userId, document))) !== null;
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
