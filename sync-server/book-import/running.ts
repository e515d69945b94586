import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

// At most one running book import per organisation (IMPORT1, docs/book-import.md "Off the event loop"):
// a second one is answered at once, naming when the running one started, instead of waiting its turn
// behind it (and holding its request body meanwhile). Without REDIS_URL there is one instance and the
// slot is in memory; with it, every instance takes the slot from Redis: a lease (SET NX PX) holding a
// random token and the start, renewed while the import runs and deleted at its end only by the holder
// of the token (compare-and-delete), so an instance that crashed mid-import frees it when the lease
// expires (LEASE_MS), and a late release never frees another import's slot. While Redis does not
// answer, the instance decides alone (as the rate store does, protection/rate-limit.ts).

export type ImportSlot = { release: () => Promise<void> } | { startedAt: Date };

export interface ImportSlots {
  /** Takes the organisation's slot: a release function, or when the running import started. */
  begin(orgId: string, at: Date): Promise<ImportSlot>;
  close(): Promise<void>;
}

export class LocalImportSlots implements ImportSlots {
  readonly #started = new Map<string, Date>();

  async begin(orgId: string, at: Date): Promise<ImportSlot> {
    const startedAt = this.#started.get(orgId);
    if (startedAt) return { startedAt };
    this.#started.set(orgId, at);
    return { release: async () => void this.#started.delete(orgId) };
  }

  async close(): Promise<void> {}
}

/** A crashed instance's slot is free again after this long; a running import renews it every third. */
const LEASE_MS = 60_000;

// KEYS[1] the slot, ARGV[1] the holder's value: deleted (or renewed for ARGV[2] ms) only by its holder.
const RELEASE = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`;
const RENEW = `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) else return 0 end`;

export class RedisImportSlots implements ImportSlots {
  readonly #redis: Redis;
  readonly #local = new LocalImportSlots();
  readonly #renewing = new Set<NodeJS.Timeout>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: (message: string) => void,
    /** How long a lease lasts, and how often its holder renews it (tests shorten them). */
    private readonly leaseMs = LEASE_MS,
    private readonly renewMs = leaseMs / 3,
  ) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000 });
    this.#redis.on("error", (error) => log(`import slots: Redis: ${error.message}`));
  }

  async begin(orgId: string, at: Date): Promise<ImportSlot> {
    const key = `${this.prefix}:import-running:${orgId}`;
    const value = `${randomUUID()} ${at.toISOString()}`;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        if ((await this.#redis.set(key, value, "PX", this.leaseMs, "NX")) === "OK")
          return this.#held(key, value);
        // Held: by whom since when (the lease may have ended in between: then try again).
        const holder = await this.#redis.get(key);
        if (holder) return { startedAt: new Date(holder.slice(holder.indexOf(" ") + 1)) };
      }
      throw new Error("the slot changed hands three times in a row");
    } catch (error) {
      this.log(`import slots: deciding alone for ${orgId}: ${(error as Error).message}`);
      return this.#local.begin(orgId, at);
    }
  }

  #held(key: string, value: string): ImportSlot {
    const renew = setInterval(() => {
      this.#redis
        .eval(RENEW, 1, key, value, String(this.leaseMs))
        .catch((error: Error) => this.log(`import slots: renewing ${key}: ${error.message}`));
    }, this.renewMs);
    renew.unref();
    this.#renewing.add(renew);
    return {
      release: async () => {
        clearInterval(renew);
        this.#renewing.delete(renew);
        await this.#redis
          .eval(RELEASE, 1, key, value)
          .catch((error: Error) => this.log(`import slots: releasing ${key}: ${error.message}`));
      },
    };
  }

  /** Stops renewing (what this instance holds then runs out with its lease) and disconnects. */
  async close(): Promise<void> {
    for (const renew of this.#renewing) clearInterval(renew);
    this.#redis.disconnect();
  }
}
