import { z } from "zod";
import type { LgmInputCommodity } from "../../catalogue";
import { parseYearMonth } from "../../market/dates";
import type { MarketSnapshot } from "../../market/snapshot";
import { money, roundCents, toJsonNumber } from "../money";
import { parseInput } from "../validate";
import { marginTerms, ROOT_OF } from "./formula";
import { expectedMargins, marginModel } from "./margin-model";
import { type LgmPricing, priceLgm } from "./quote";

// LGM scenario: every futures price of a commodity moves by an amount or a percent by the end of the
// insurance period; the actual gross margin per month is the margin formula at the moved prices, the
// indemnity max(0, GMG − actual total gross margin), the net result indemnity − producer premium.
// Marketings are taken as the targets (no proration for marketings below 75 % of target).

const move = z.object({ amount: z.number().optional(), percent: z.number().min(-100).optional() }).strict();

export const lgmScenarioMovesSchema = z
  .object({
    liveCattle: move,
    feederCattle: move,
    corn: move,
    leanHog: move,
    soybeanMeal: move,
    classIIIMilk: move,
  })
  .partial()
  .strict();
export type LgmScenarioMoves = z.infer<typeof lgmScenarioMovesSchema>;

export interface LgmScenarioResult {
  months: { marketingMonth: string; actualGrossMarginPerUnit: number }[];
  actualGrossMargin: number;
  grossMarginGuarantee: number;
  indemnity: number;
  producerPremium: number;
  netResult: number;
}

export function lgmScenario(
  quoteInput: unknown,
  snapshot: MarketSnapshot,
  movesInput: unknown,
  pricing: LgmPricing = priceLgm(quoteInput, snapshot),
): LgmScenarioResult {
  const moves = parseInput(lgmScenarioMovesSchema, movesInput);
  const rootMoves = new Map<string, { amount?: number; percent?: number }>();
  for (const [commodity, m] of Object.entries(moves))
    if (m) rootMoves.set(ROOT_OF[commodity as LgmInputCommodity], m);
  const moved: MarketSnapshot = {
    ...snapshot,
    futures: snapshot.futures.map((f) => {
      const m = rootMoves.get(f.root);
      if (!m) return f;
      const settle = (f.settle + (m.amount ?? 0)) * (1 + (m.percent ?? 0) / 100);
      return { ...f, settle: Math.max(settle, 0.0001) };
    }),
  };
  const { request } = pricing;
  const terms = marginTerms(request.commodity, request.type, request.weights);
  const months = pricing.marketingMonths.map(parseYearMonth);
  const actual = expectedMargins(marginModel(moved, terms, months)).map((v) => roundCents(v));
  let total = money(0);
  actual.forEach((v, m) => {
    total = total.plus(v.times(request.targetMarketings[m]));
  });
  const gmg = pricing.chosen.grossMarginGuarantee;
  const shortfall = gmg.minus(total);
  const indemnity = shortfall.gt(0) ? shortfall : money(0);
  return {
    months: pricing.marketingMonths.map((marketingMonth, m) => ({
      marketingMonth,
      actualGrossMarginPerUnit: toJsonNumber(actual[m]),
    })),
    actualGrossMargin: toJsonNumber(total),
    grossMarginGuarantee: toJsonNumber(gmg),
    indemnity: toJsonNumber(indemnity),
    producerPremium: toJsonNumber(pricing.chosen.producerPremium),
    netResult: toJsonNumber(indemnity.minus(pricing.chosen.producerPremium)),
  };
}
