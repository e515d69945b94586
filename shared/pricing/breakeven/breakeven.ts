import { z } from "zod";
import { type Money, money, roundCents, roundTo, toJsonNumber } from "../money";
import { parseInput } from "../validate";

// Breakeven for a feeding (or backgrounding) period, per head placed:
//   cost per head = purchase weight × purchase price + feed + interest + health + yardage + other
//   head sold     = 1 − death loss (percent of head placed)
//   breakeven per head sold = cost per head ÷ head sold                 (cents)
//   breakeven per cwt       = breakeven per head ÷ sale weight           (cents)
// Weights in cwt, prices in $/cwt, costs in $ per head placed. Side by side with an LRP coverage's net
// price floor (coverage price − producer premium per cwt): the floor's margin over breakeven per cwt.

const cost = z.number().nonnegative().default(0);

export const breakevenInputSchema = z
  .object({
    purchaseWeightCwt: z.number().positive(),
    purchasePricePerCwt: z.number().nonnegative(),
    saleWeightCwt: z.number().positive(),
    feed: cost,
    interest: cost,
    health: cost,
    yardage: cost,
    deathLossPercent: z.number().min(0).max(99.99).default(0),
    other: cost,
    lrp: z
      .object({ coveragePricePerCwt: z.number().positive(), producerPremiumPerCwt: z.number().nonnegative() })
      .optional(),
  })
  .strict();
export type BreakevenInput = z.input<typeof breakevenInputSchema>;

export interface BreakevenResult {
  costPerHead: number;
  breakevenPerHead: number;
  breakevenPerCwt: number;
  lrp?: { netPriceFloorPerCwt: number; floorOverBreakevenPerCwt: number; floorOverBreakevenPerHead: number };
}

export function breakeven(input: unknown): BreakevenResult {
  const b = parseInput(breakevenInputSchema, input);
  const costs: Money = money(b.purchaseWeightCwt)
    .times(b.purchasePricePerCwt)
    .plus(b.feed)
    .plus(b.interest)
    .plus(b.health)
    .plus(b.yardage)
    .plus(b.other);
  // One division per figure: a quotient is only ever rounded once (see money.ts).
  const survivors = money(1).minus(money(b.deathLossPercent).div(100));
  const soldCwt = survivors.times(b.saleWeightCwt);
  const perHead = costs.div(survivors);
  const perCwt = costs.div(soldCwt);
  const result: BreakevenResult = {
    costPerHead: toJsonNumber(roundCents(costs)),
    breakevenPerHead: toJsonNumber(roundCents(perHead)),
    breakevenPerCwt: toJsonNumber(roundCents(perCwt)),
  };
  if (b.lrp) {
    const floor = money(b.lrp.coveragePricePerCwt).minus(b.lrp.producerPremiumPerCwt);
    const overTimesSoldCwt = floor.times(soldCwt).minus(costs);
    result.lrp = {
      netPriceFloorPerCwt: toJsonNumber(roundTo(floor, 4)),
      floorOverBreakevenPerCwt: toJsonNumber(roundCents(overTimesSoldCwt.div(soldCwt))),
      floorOverBreakevenPerHead: toJsonNumber(roundCents(overTimesSoldCwt.div(survivors))),
    };
  }
  return result;
}
