import { z } from "zod";
import { money } from "../money";
import { parseInput } from "../validate";
import { type LrpOutcome, lrpOutcome } from "./indemnity";
import type { LrpCoverageRow } from "./quote";

// LRP scenarios: indemnity and net result of one coverage across a range of actual ending values.

export const lrpScenarioInputSchema = z
  .object({
    from: z.number().positive(),
    to: z.number().positive(),
    step: z.number().positive(),
  })
  .refine((r) => r.to >= r.from, { message: "to must not be below from", path: ["to"] })
  .refine((r) => (r.to - r.from) / r.step <= 1000, { message: "at most 1,000 steps", path: ["step"] });

export interface LrpScenarioCoverage {
  head: number;
  targetWeightCwt: number;
  share?: number;
  priceAdjustmentFactor: number;
  row: Pick<LrpCoverageRow, "coveragePricePerCwt" | "producerPremium">;
}

export function lrpScenarios(coverage: LrpScenarioCoverage, range: unknown): LrpOutcome[] {
  const r = parseInput(lrpScenarioInputSchema, range);
  const terms = {
    head: coverage.head,
    targetWeightCwt: coverage.targetWeightCwt,
    share: coverage.share ?? 1,
    coveragePricePerCwt: coverage.row.coveragePricePerCwt,
    priceAdjustmentFactor: coverage.priceAdjustmentFactor,
    producerPremium: coverage.row.producerPremium,
  };
  const out: LrpOutcome[] = [];
  for (let v = money(r.from); v.lte(r.to); v = v.plus(r.step)) out.push(lrpOutcome(terms, v));
  return out;
}
