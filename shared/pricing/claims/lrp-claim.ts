import { z } from "zod";
import { isLrpCommodityCode } from "../../catalogue";
import { DomainError } from "../../errors";
import { yearMonthOf } from "../../market/dates";
import type { MarketSnapshot } from "../../market/snapshot";
import { isoDateSchema } from "../../market/snapshot";
import { futuresCurve, priceFrom, priceReference } from "../futures-curve";
import { LRP_FUTURES } from "../lrp/markets";
import { money, roundDollars, roundTo, toJsonNumber } from "../money";
import { parseInput } from "../validate";

// An LRP claim (docs/claims.md; DOMAIN.md "LRP claims"): from the endorsement's frozen figures and RMA's
// actual ending value for its end date (A00620),
//   indemnity = max(0, coverage price − actual ending value) × head × target weight × PAF × share,
// in whole dollars, half up (RMA's rounding of premium and indemnity), and the net to the producer
// after the producer premium, which is billed after the endorsement ends. Before RMA publishes the
// actual value (or before the end date) the result is an estimate: the expected ending value of the
// latest snapshot for the same end date (RMA's offers), else the futures curve at the end month times
// the commodity's live/futures factor — always labelled "estimate".

const decimal = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal number")]);

export const lrpClaimInputSchema = z
  .object({
    commodity: z.string({ message: 'expected a commodity code such as "0801"' }),
    type: z.string({ message: 'expected a type code such as "809"' }),
    endDate: isoDateSchema,
    coveragePrice: decimal,
    head: z.number().int({ message: "expected a whole number of head" }).positive(),
    targetWeightCwt: decimal,
    share: decimal.default(1),
    priceAdjustmentFactor: decimal.default(1),
    producerPremium: decimal.default(0),
    /** RMA's actual ending value, when the caller has it; else it is looked up in the snapshot. */
    actualEndingValue: decimal.optional(),
    /** The day the claim is worked out (no clock: the date is passed in). */
    asOf: isoDateSchema,
  })
  .strict();
export type LrpClaimInput = z.input<typeof lrpClaimInputSchema>;

/**
 * Where the ending value came from, as a code (the book decides on it; words are for the screen):
 * the caller's value, RMA's published actual ending value (A00620), RMA's expected ending value of the
 * day's offers, or the futures curve.
 */
export type LrpValueSource = "given" | "rma-actual" | "rma-expected" | "futures";

export interface LrpClaim {
  /** "final" once RMA's actual ending value is known and the end date has passed; else "estimate". */
  kind: "final" | "estimate";
  asOf: string;
  endDate: string;
  actualEndingValue: number;
  valueSource: LrpValueSource;
  /** The same in words, e.g. "RMA actual ending value (A00620) for 2026-11-20" (CLI and screens). */
  source: string;
  indemnity: number;
  producerPremium: number;
  /** Indemnity minus the producer premium. */
  net: number;
}

function publishedActual(snapshot: MarketSnapshot | null, commodity: string, type: string, endDate: string) {
  return (
    snapshot?.lrpActualEndingValues.find(
      (r) => r.commodityCode === commodity && r.typeCode === type && r.endDate === endDate,
    ) ?? null
  );
}

/** Today's expected ending value for an end date: RMA's offer for that date, else the futures curve. */
function expectedValue(snapshot: MarketSnapshot, commodity: string, type: string, endDate: string) {
  const offer = snapshot.lrpRates.find(
    (r) => r.commodityCode === commodity && r.typeCode === type && r.endDate === endDate,
  );
  if (offer)
    return {
      value: money(offer.expectedEndingValue),
      valueSource: "rma-expected" as const,
      source: `expected ending value of the ${snapshot.asOf} offers`,
    };
  if (!isLrpCommodityCode(commodity)) return null;
  const { root, livePerFutures } = LRP_FUTURES[commodity];
  const curve = futuresCurve(snapshot, root);
  const ref = priceReference(curve, yearMonthOf(endDate));
  if (!ref) return null;
  return {
    value: roundTo(money(priceFrom(curve, ref)).times(livePerFutures), 2),
    valueSource: "futures" as const,
    source: `${root} futures of ${snapshot.asOf}`,
  };
}

export function lrpClaim(input: unknown, snapshot: MarketSnapshot | null): LrpClaim {
  const c = parseInput(lrpClaimInputSchema, input);
  let actual: ReturnType<typeof money>;
  let valueSource: LrpValueSource;
  let source: string;
  let known: boolean;
  if (c.actualEndingValue !== undefined) {
    actual = money(c.actualEndingValue);
    valueSource = "given";
    source = "actual ending value given";
    known = true;
  } else {
    const published = publishedActual(snapshot, c.commodity, c.type, c.endDate);
    if (published) {
      actual = money(published.actualEndingValue);
      valueSource = "rma-actual";
      source = `RMA actual ending value (A00620) for ${c.endDate}`;
      known = true;
    } else {
      const expected = snapshot ? expectedValue(snapshot, c.commodity, c.type, c.endDate) : null;
      if (!expected)
        throw new DomainError(
          "stale-market-data",
          `No actual ending value for ${c.commodity}/${c.type} ending ${c.endDate}, and no market data to estimate it from.`,
          ["actualEndingValue"],
        );
      actual = expected.value;
      valueSource = expected.valueSource;
      source = expected.source;
      known = false;
    }
  }
  const shortfall = money(c.coveragePrice).minus(actual);
  const indemnity = shortfall.lte(0)
    ? money(0)
    : roundDollars(
        shortfall.times(c.head).times(c.targetWeightCwt).times(c.priceAdjustmentFactor).times(c.share),
      );
  const premium = money(c.producerPremium);
  return {
    kind: known && c.asOf >= c.endDate ? "final" : "estimate",
    asOf: c.asOf,
    endDate: c.endDate,
    actualEndingValue: toJsonNumber(actual),
    valueSource,
    source,
    indemnity: toJsonNumber(indemnity),
    producerPremium: toJsonNumber(premium),
    net: toJsonNumber(indemnity.minus(premium)),
  };
}
