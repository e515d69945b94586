import { DomainError } from "../shared/errors";
// Straight from the modules, not the market index: the index also carries the importers, which the
// page's worker never needs (they would ride along in the first quote screen's JavaScript).
import { sourceLine } from "../shared/market/provenance";
import type { LrpActualEndingValue, MarketSnapshot } from "../shared/market/snapshot";
import type { BreakevenResult, LgmQuote, LgmScenarioResult, LrpOutcome } from "../shared/pricing";
import type { LgmClaim, LrpClaim } from "../shared/pricing/claims";
import { checkLrpQuoteInput } from "../shared/pricing/lrp/input-check";
import { type LrpQuote, quoteLrpRequest } from "../shared/pricing/lrp/quote-request";
import type { LrpScenarioCoverage } from "../shared/pricing/lrp/scenarios";
import { checkMarketSnapshot } from "./snapshot-check";

// The pricing engine as the page sees it through Comlink. Every method returns a Result: errors cross
// the worker boundary as reason codes with the engine's message (Comlink would drop an Error's code).
//
// Supersession: each call belongs to a channel (by default its method name). A call first yields to
// the event loop so that requests already queued behind it are registered; if a newer request on the
// same channel has arrived by then, the stale one is answered `superseded` without computing.

export type PricingErrorCode = DomainError["code"] | "superseded" | "internal";

export type Result<T> =
  | { ok: true; value: T }
  | { ok: false; error: { code: PricingErrorCode; message: string; path: (string | number)[] } };

export interface CallOptions {
  channel?: string;
}

export interface MarketInfo {
  label: string;
  source: MarketSnapshot["source"];
  asOf: string;
  /** Where the figures came from (RMA file and date, provider …), when the snapshot says (docs/market-data.md). */
  sourceLine?: string;
}

/** A part of the snapshot (docs/first-visit.md): "lrp" is the whole one with `lgm` empty, enough for LRP quotes. */
export interface MarketPart {
  part?: "lrp";
}

export interface PricingApi {
  /**
   * Loads a snapshot, refused with a clear message when malformed. With `part: "lrp"` only LRP pricing
   * runs at once; what needs LGM's data (and `snapshot()`) waits until the whole one is set, or fails
   * with the message given to `wholeMarketMissing`.
   */
  setMarket(snapshot: unknown, options?: MarketPart): Promise<Result<MarketInfo>>;
  /** The whole snapshot could not be loaded after a part: what waits for it fails with this message. */
  wholeMarketMissing(message: string): Promise<void>;
  quoteLrp(input: unknown, options?: CallOptions & { all?: boolean }): Promise<Result<LrpQuote>>;
  quoteLgm(input: unknown, options?: CallOptions): Promise<Result<LgmQuote>>;
  lrpScenarios(
    coverage: LrpScenarioCoverage,
    range: unknown,
    options?: CallOptions,
  ): Promise<Result<LrpOutcome[]>>;
  lgmScenario(input: unknown, moves: unknown, options?: CallOptions): Promise<Result<LgmScenarioResult>>;
  breakeven(input: unknown, options?: CallOptions): Promise<Result<BreakevenResult>>;
  /** What an LRP endorsement pays (docs/claims.md): RMA's actual ending value, or an estimate from the snapshot. */
  lrpClaim(input: unknown, options?: CallOptions): Promise<Result<LrpClaim>>;
  /** What an LGM endorsement pays from actual prices or RMA's actual margins. */
  lgmClaim(input: unknown, options?: CallOptions): Promise<Result<LgmClaim>>;
  /**
   * A quote campaign's preview (docs/campaigns.md): the e-mail and SMS a recipient gets today, priced on the
   * loaded snapshot. Its pricing and rendering load on first use, not with the quote screens.
   */
  campaignPreview(
    input: import("../shared/campaigns/preview").CampaignPreviewInput,
    options?: CallOptions,
  ): Promise<Result<import("../shared/campaigns/preview").CampaignPreview>>;
  /**
   * RMA's actual ending values in the loaded snapshot (its LRP part has them): the offer history's
   * back-test reads them here rather than downloading the snapshot again.
   */
  lrpEndingValues(): Promise<Result<LrpActualEndingValue[]>>;
  /**
   * The loaded snapshot itself, for a screen that freezes an offer's figures into a record with the
   * same data the worker priced (the agent book's create screens; they call shared/book's builders).
   */
  snapshot(): Promise<Result<MarketSnapshot>>;
}

/** The engine's parts the first LRP quote screen does not need, with zod (./engine-rest.ts). */
const rest = () => import("./engine-rest");

const yieldToQueue = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function toFailure(error: unknown): Result<never> {
  if (error instanceof DomainError)
    return { ok: false, error: { code: error.code, message: error.message, path: [...error.path] } };
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, error: { code: "internal", message, path: [] } };
}

const superseded: Result<never> = {
  ok: false,
  error: { code: "superseded", message: "a newer request replaced this one", path: [] },
};

/** What a call needs: the whole snapshot, its LRP part, or no market data. */
type Needs = "whole" | "lrp" | "none";

/**
 * Loads a part of the engine kept out of the first screen's worker (claims, campaign previews, LGM …), trying
 * once more when the first fetch fails (a dropped connection); a second failure rejects, and the screen
 * says the calculation could not run (src/lib/pricing/use-pricing.ts).
 */
async function loadPart<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    return await load();
  }
}

export function createPricingApi(initial?: MarketSnapshot): PricingApi {
  let market: MarketSnapshot | undefined = initial;
  const latest = new Map<string, number>();
  // While only the LRP part is loaded: settled when the whole snapshot is set or reported missing.
  let whole: { loaded: Promise<void>; settle: () => void } | undefined;
  let wholeMissing: string | undefined;
  const settleWhole = () => {
    whole?.settle();
    whole = undefined;
  };

  async function run<T>(
    channel: string,
    compute: (snapshot: MarketSnapshot) => T | Promise<T>,
    needs: Needs = "whole",
  ): Promise<Result<T>> {
    const ticket = (latest.get(channel) ?? 0) + 1;
    latest.set(channel, ticket);
    await yieldToQueue();
    if (latest.get(channel) !== ticket) return superseded;
    if (needs === "whole" && whole) {
      await whole.loaded;
      if (latest.get(channel) !== ticket) return superseded;
    }
    if (needs === "whole" && wholeMissing)
      return { ok: false, error: { code: "stale-market-data", message: wholeMissing, path: [] } };
    if (needs !== "none" && !market)
      return { ok: false, error: { code: "stale-market-data", message: "No market data loaded", path: [] } };
    try {
      return { ok: true, value: await compute(market as MarketSnapshot) };
    } catch (error) {
      return toFailure(error);
    }
  }

  return {
    async setMarket(snapshot, options = {}) {
      // The zod-free check accepts what the schema accepts; where it refuses, the schema says why.
      let checked = checkMarketSnapshot(snapshot);
      if (!checked) {
        const { marketSnapshotSchema } = await loadPart(rest);
        const parsed = marketSnapshotSchema.safeParse(snapshot);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return {
            ok: false,
            error: {
              code: "invalid-input",
              message: `market snapshot: ${issue.path.join(".")}: ${issue.message}`,
              path: [],
            },
          };
        }
        checked = parsed.data;
      }
      market = checked;
      wholeMissing = undefined;
      if (options.part === "lrp") {
        if (!whole) {
          let settle = () => {};
          const loaded = new Promise<void>((resolve) => {
            settle = resolve;
          });
          whole = { loaded, settle };
        }
      } else settleWhole();
      const line = sourceLine(market);
      return {
        ok: true,
        value: {
          label: market.label,
          source: market.source,
          asOf: market.asOf,
          ...(line ? { sourceLine: line } : {}),
        },
      };
    },
    async wholeMarketMissing(message) {
      if (!whole) return;
      wholeMissing = message;
      settleWhole();
    },
    quoteLrp: (input, options = {}) =>
      run(
        options.channel ?? "quoteLrp",
        async (snapshot) => {
          // As quoteLrp parses (shared/pricing/lrp/quote.ts), without zod unless the input is refused.
          let request = checkLrpQuoteInput(input);
          if (!request) {
            const { lrpQuoteInputSchema, parseInput } = await loadPart(rest);
            request = parseInput(lrpQuoteInputSchema, input);
          }
          return quoteLrpRequest(request, snapshot, { all: options.all });
        },
        "lrp",
      ),
    quoteLgm: (input, options = {}) =>
      run(options.channel ?? "quoteLgm", async (snapshot) => {
        const { lgmQuoteOf, priceLgm } = await loadPart(rest);
        return lgmQuoteOf(priceLgm(input, snapshot));
      }),
    lrpScenarios: (coverage, range, options = {}) =>
      run(
        options.channel ?? "lrpScenarios",
        async () => (await loadPart(rest)).lrpScenarios(coverage, range),
        "none",
      ),
    lgmScenario: (input, moves, options = {}) =>
      run(options.channel ?? "lgmScenario", async (snapshot) =>
        (await loadPart(rest)).lgmScenario(input, snapshot, moves),
      ),
    breakeven: (input, options = {}) =>
      run(options.channel ?? "breakeven", async () => (await loadPart(rest)).breakeven(input), "none"),
    // Claims are worked out rarely: their engine loads on first use, not with the quote screens.
    lrpClaim: async (input, options = {}) => {
      const { lrpClaim } = await loadPart(() => import("../shared/pricing/claims"));
      return run(options.channel ?? "lrpClaim", (snapshot) => lrpClaim(input, snapshot), "lrp");
    },
    lgmClaim: async (input, options = {}) => {
      const { lgmClaim } = await loadPart(() => import("../shared/pricing/claims"));
      return run(options.channel ?? "lgmClaim", () => lgmClaim(input), "none");
    },
    campaignPreview: async (input, options = {}) => {
      const { campaignPreview } = await loadPart(() => import("../shared/campaigns/preview"));
      return run(options.channel ?? "campaignPreview", (snapshot) => campaignPreview(input, snapshot));
    },
    lrpEndingValues: () => run("lrpEndingValues", (snapshot) => snapshot.lrpActualEndingValues, "lrp"),
    snapshot: () => run("snapshot", (snapshot) => snapshot),
  };
}
