import type { Context } from "hono";
import type { MarketSnapshot } from "../../shared/market/snapshot";
import type { Config } from "../config";
import type { Identity } from "../identity/verify";
import { schedule } from "../jobs/runner";
import type { JobStore } from "../jobs/store";
import { openPostgresJobStore, sqliteJobStoreIn } from "../jobs/tables";
import { callerOf } from "../routes/route";
import type { Storage } from "../storage/types";
import { embeddedMarketSource, type MarketApiOptions, type MarketSource } from "./api";
import { barchartFuturesProvider } from "./barchart";
import { parseClock } from "./central-time";
import { createMarketFeed, type MarketFeed } from "./feed";

// Wires the market feed into the server from the configuration (README: MARKET_* variables). With no
// source address configured there is no feed: the embedded sample data stays the market, labelled.

export const marketFeedConfigured = (config: Config): boolean =>
  Boolean(
    config.MARKET_A00630_URL ||
      config.MARKET_A00620_URL ||
      config.MARKET_A00600_URL ||
      config.MARKET_A00610_URL ||
      config.MARKET_FUTURES_URL ||
      config.MARKET_FUTURES_PROVIDER === "barchart",
  );

export interface StartMarketFeedOptions {
  storage: Storage;
  verify: (token: string) => Promise<Identity>;
  publish: (snapshot: MarketSnapshot) => Promise<void>;
  owner: string;
  log: (message: string) => void;
  /** PostgreSQL schema of the server's tables (tests isolate runs with it). */
  postgresSchema?: string;
  /** Don't check the schedule on a timer (tests call tick()). */
  manual?: boolean;
  clock?: () => Date;
  retry?: { firstMs: number; maxMs: number };
}

export interface RunningMarketFeed {
  feed: MarketFeed | null;
  source: MarketSource;
  api: MarketApiOptions;
  stop(): Promise<void>;
}

/** Null when the caller is a super administrator (in any organisation), else 401 or 403. */
export const superAdminGate =
  (storage: Storage, verify: (token: string) => Promise<Identity>) =>
  async (c: Context): Promise<Response | null> => {
    const who = await callerOf(
      c,
      { storage, verify },
      {
        org: null,
        roles: ["superAdmin"],
        forbidden: "Only super administrators may do this.",
      },
    );
    return "response" in who ? who.response : null;
  };

export async function startMarketFeed(
  config: Config,
  options: StartMarketFeedOptions,
): Promise<RunningMarketFeed> {
  const requireSuperAdmin = superAdminGate(options.storage, options.verify);
  if (!marketFeedConfigured(config))
    return { feed: null, source: embeddedMarketSource, api: { requireSuperAdmin }, stop: async () => {} };
  const store: JobStore = config.DATABASE_URL
    ? await openPostgresJobStore({ connectionString: config.DATABASE_URL, schema: options.postgresSchema })
    : sqliteJobStoreIn(config.DATA_DIR);
  const feed = createMarketFeed({
    store,
    owner: options.owner,
    publish: options.publish,
    fallback: embeddedMarketSource,
    log: options.log,
    clock: options.clock,
    retry: options.retry,
    config: {
      urls: {
        lrpRate: config.MARKET_A00630_URL,
        lrpActualEndingValue: config.MARKET_A00620_URL,
        lgmGrossMargin: config.MARKET_A00600_URL,
        lgmDraw: config.MARKET_A00610_URL,
        futures: config.MARKET_FUTURES_URL,
      },
      fetchAt: parseClock(config.MARKET_FETCH_AT),
      deadline: parseClock(config.MARKET_FETCH_DEADLINE),
      timeoutMs: config.MARKET_FETCH_TIMEOUT_MS,
      lgmWeekday: config.MARKET_LGM_WEEKDAY,
      ...(config.MARKET_FUTURES_PROVIDER === "barchart"
        ? {
            futuresProvider: barchartFuturesProvider({
              apiKey: config.BARCHART_API_KEY ?? "",
              baseUrl: config.BARCHART_BASE_URL ?? "https://ondemand.websol.barchart.com",
            }),
          }
        : {}),
    },
  });
  const timer = options.manual
    ? null
    : schedule(
        config.MARKET_FETCH_CHECK_MS,
        async () => void (await feed.tick()),
        (e) => options.log(`market feed: ${e instanceof Error ? e.message : String(e)}`),
      );
  return {
    feed,
    source: feed.source,
    api: { history: feed, requireSuperAdmin },
    async stop() {
      feed.stop();
      await timer?.stop();
      await store.close();
    },
  };
}
