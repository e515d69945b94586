import { Redis } from "ioredis";
import { nowMs } from "../clock";

// Rate limits (docs/hardening.md) with the generic cell rate algorithm: each key keeps one number, the
// "theoretical arrival time" (TAT) of its next request. A rule of N per period with a burst of B lets
// B through at once, then one every period/N. The same arithmetic runs in memory (one instance) and in
// Redis (several instances share the budget, with Redis's clock).

export interface RateRule {
  /** Requests allowed per period. */
  limit: number;
  periodMs: number;
  /** The most let through at once (default: `limit`). */
  burst?: number;
}

/**
 * A per-minute rule whose burst is `share` of the minute's budget (at least 10, at most the budget):
 * a client that spends its burst then gets one request every 60/limit s, so a flood gets little done.
 */
export const perMinute = (limit: number, share: number): RateRule => ({
  limit,
  periodMs: 60_000,
  burst: Math.min(limit, Math.max(10, Math.ceil(limit * share))),
});

export interface RateDecision {
  allowed: boolean;
  /** When refused: how long until one more request is allowed, ms (at least 1). */
  retryAfterMs: number;
}

export interface RateStore {
  /** Spends `cost` (default 1) of the key's budget at once, or nothing when it is refused. */
  take(key: string, rule: RateRule, cost?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

/** One GCRA step: the decision and the TAT to store (null when refused: nothing changes). */
export function gcra(
  storedTat: number | undefined,
  now: number,
  rule: RateRule,
  cost = 1,
): { decision: RateDecision; tat: number | null } {
  const interval = rule.periodMs / rule.limit;
  const tat = Math.max(storedTat ?? now, now);
  const next = tat + interval * cost;
  const allowAt = next - (rule.burst ?? rule.limit) * interval;
  if (now < allowAt)
    return { decision: { allowed: false, retryAfterMs: Math.ceil(allowAt - now) }, tat: null };
  return { decision: { allowed: true, retryAfterMs: 0 }, tat: next };
}

/** The budget of one instance, in its memory. Expired keys are swept as the map grows. */
export class MemoryRateStore implements RateStore {
  readonly #tats = new Map<string, number>();
  #nextSweep = 0;

  constructor(private readonly now: () => number = nowMs) {}

  async take(key: string, rule: RateRule, cost = 1): Promise<RateDecision> {
    return this.takeNow(key, rule, cost);
  }

  /** The same as take, synchronously. */
  takeNow(key: string, rule: RateRule, cost = 1): RateDecision {
    const now = this.now();
    if (this.#tats.size > 10_000 && now >= this.#nextSweep) this.sweep(now);
    const step = gcra(this.#tats.get(key), now, rule, cost);
    if (step.tat !== null) this.#tats.set(key, step.tat);
    return step.decision;
  }

  private sweep(now: number) {
    for (const [key, tat] of this.#tats) if (tat <= now) this.#tats.delete(key);
    this.#nextSweep = now + 1000;
  }

  async close(): Promise<void> {
    this.#tats.clear();
  }
}

// KEYS[1]: the key; ARGV: interval ms, burst, cost. Returns {1, 0} when allowed, {0, retry ms} when not.
const GCRA_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3] or 1)
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local nextTat = tat + interval * cost
local allowAt = nextTat - burst * interval
if now < allowAt then return {0, math.ceil(allowAt - now)} end
redis.call('SET', KEYS[1], string.format('%.3f', nextTat), 'PX', math.max(1, math.ceil(nextTat - now)))
return {1, 0}
`;

type GcraRedis = Redis & {
  rangelineGcra(key: string, interval: string, burst: string, cost: string): Promise<[number, number]>;
};

/**
 * The budget shared by every instance through Redis (REDIS_URL). When Redis does not answer within
 * `timeoutMs`, the instance decides alone from its memory rather than refusing or stalling everyone;
 * it says so in the log once a minute.
 */
export class RedisRateStore implements RateStore {
  readonly #redis: GcraRedis;
  readonly #fallback = new MemoryRateStore();
  #lastComplaint = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: (message: string) => void = () => {},
    timeoutMs = 250,
  ) {
    this.#redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false, // while disconnected, decide alone at once rather than queue
      maxRetriesPerRequest: 1,
      commandTimeout: timeoutMs,
    }) as GcraRedis;
    this.#redis.on("error", (error) => this.complain(error));
    this.#redis.defineCommand("rangelineGcra", { numberOfKeys: 1, lua: GCRA_SCRIPT });
  }

  /** Resolves once connected (or after `ms`, when Redis is not there: the store then decides alone). */
  ready(ms = 2000): Promise<void> {
    if (this.#redis.status === "ready") return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.#redis.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async take(key: string, rule: RateRule, cost = 1): Promise<RateDecision> {
    try {
      const [allowed, retry] = await this.#redis.rangelineGcra(
        `${this.prefix}:rate:${key}`,
        String(rule.periodMs / rule.limit),
        String(rule.burst ?? rule.limit),
        String(cost),
      );
      return allowed === 1 ? { allowed: true, retryAfterMs: 0 } : { allowed: false, retryAfterMs: retry };
    } catch (error) {
      this.complain(error);
      return this.#fallback.takeNow(key, rule, cost);
    }
  }

  private complain(error: unknown) {
    const now = nowMs();
    if (now - this.#lastComplaint < 60_000) return;
    this.#lastComplaint = now;
    this.log(`rate limits: Redis unavailable, limiting per instance (${(error as Error)?.message ?? error})`);
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
    await this.#fallback.close();
  }
}

/** Seconds for a Retry-After header: whole seconds, at least 1. */
export const retryAfterSeconds = (decision: RateDecision) =>
  Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
