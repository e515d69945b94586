import { z } from "zod";
import { getLgmType, isLgmCommodityCode } from "../../catalogue";
import { FUTURES_ROOTS, type FuturesRoot } from "../../market/contracts";
import { addMonths, formatYearMonth, monthIndex, parseYearMonth, type YearMonth } from "../../market/dates";
import { isoDateSchema, yearMonthSchema } from "../../market/snapshot";
import { type CurveContract, priceFrom, priceReference } from "../futures-curve";
import { marginTerms } from "../lgm/formula";
import { lgmWeightsSchema } from "../lgm/input";
import { INSURANCE_PERIOD_MONTHS, insurancePeriod } from "../lgm/period";
import { type Money, money, roundDollars, roundTo, toJsonNumber } from "../money";
import { invalidInput, parseInput } from "../validate";

// An LGM claim (docs/claims.md; DOMAIN.md "LGM"; RMA's LGM indemnity calculation, FCIC Appendix III
// exhibit 140-3):
//   actual gross margin per unit of month m = the type's formula on the actual prices — each contract's
//     actual price is the average settlement of its last three trading days before expiry; months
//     without a contract are interpolated between the neighbouring contracts, as for expected margins —
//     kept to four decimals as RMA's ADM publishes it (or RMA's published actual margins, when given);
//   total gross margin = Σ target marketings(m) × actual gross margin(m);
//   market factor = total actual marketings / total target marketings, used only when below the
//     threshold (75 %; 85 % for dairy from crop year 2024), else 1;
//   indemnity = max(0, guarantee − total gross margin) × market factor, whole dollars, half up.

const decimal = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/, "expected a decimal number")]);

export const lgmClaimInputSchema = z
  .object({
    commodity: z.string({ message: 'expected a commodity code such as "0803"' }),
    type: z.string({ message: 'expected a type code such as "808"' }),
    salesDate: isoDateSchema,
    cropYear: z.number().int().min(2000).max(2100),
    targetMarketings: z.array(z.number().int({ message: "expected a whole number" }).nonnegative()),
    /** Marketings the producer actually made, per month; default: the targets. */
    actualMarketings: z
      .array(z.number().int({ message: "expected a whole number" }).nonnegative())
      .optional(),
    grossMarginGuarantee: decimal,
    weights: lgmWeightsSchema.optional(),
    /** RMA's published actual gross margin per unit, one per month of the insurance period. */
    actualGrossMargins: z.array(decimal).optional(),
    /**
     * Per futures root, per contract month (YYYY-MM): the actual price, or the settlements of the last
     * three trading days before the contract's expiry (averaged).
     */
    actualPrices: z
      .partialRecord(
        z.enum(FUTURES_ROOTS),
        z.record(yearMonthSchema, z.union([decimal, z.array(decimal).length(3)])),
      )
      .optional(),
  })
  .strict()
  .refine((c) => (c.actualGrossMargins === undefined) !== (c.actualPrices === undefined), {
    message: "give exactly one of actualGrossMargins and actualPrices",
    path: ["actualPrices"],
  });
export type LgmClaimInput = z.input<typeof lgmClaimInputSchema>;

export interface LgmClaimMonth {
  month: string;
  targetMarketings: number;
  actualMarketings: number;
  actualGrossMargin: number;
}

export interface LgmClaim {
  months: LgmClaimMonth[];
  totalGrossMargin: number;
  grossMarginGuarantee: number;
  /** Actual / target marketings, and the factor applied (1 unless below the threshold). */
  marketingsRatio: number;
  marketFactor: number;
  prorated: boolean;
  indemnity: number;
}

/** The share of target marketings below which the indemnity is prorated (DOMAIN.md). */
export const lgmProrationThreshold = (commodity: string, cropYear: number): string =>
  commodity === "0847" && cropYear >= 2024 ? "0.85" : "0.75";

/** The average of the last three settlements, or the price as given. */
const actualPrice = (value: number | string | (number | string)[]): Money =>
  Array.isArray(value)
    ? value.reduce<Money>((sum, v) => sum.plus(v), money(0)).dividedBy(value.length)
    : money(value);

function curveOf(
  root: FuturesRoot,
  prices: Record<string, number | string | (number | string)[]>,
): CurveContract[] {
  return Object.entries(prices)
    .map(([contractMonth, value]) => ({
      root,
      contractMonth,
      monthIndex: monthIndex(parseYearMonth(contractMonth)),
      settle: Number(actualPrice(value).toString()),
      impliedVolatility: null,
      expiry: "",
    }))
    .sort((a, b) => a.monthIndex - b.monthIndex);
}

export function lgmClaim(input: unknown): LgmClaim {
  const c = parseInput(lgmClaimInputSchema, input);
  if (!isLgmCommodityCode(c.commodity))
    throw invalidInput(["commodity"], `${c.commodity} is not an LGM commodity`);
  getLgmType(c.commodity, c.type);
  const period = insurancePeriod(c.commodity, c.salesDate);
  const n = INSURANCE_PERIOD_MONTHS[c.commodity];
  const lengthOf = (field: string, list: readonly unknown[] | undefined) => {
    if (list && list.length !== n)
      throw invalidInput([field], `expected ${n} values, one per month of the insurance period`);
  };
  lengthOf("targetMarketings", c.targetMarketings);
  lengthOf("actualMarketings", c.actualMarketings);
  lengthOf("actualGrossMargins", c.actualGrossMargins);
  const actualMarketings = c.actualMarketings ?? c.targetMarketings;

  let margins: Money[];
  if (c.actualGrossMargins) margins = c.actualGrossMargins.map((m) => money(m));
  else {
    const terms = marginTerms(c.commodity, c.type, c.weights ?? {});
    const curves = new Map<FuturesRoot, CurveContract[]>();
    for (const term of terms) {
      const prices = c.actualPrices?.[term.root];
      if (!prices || Object.keys(prices).length === 0)
        throw invalidInput(
          ["actualPrices", term.root],
          `actual ${term.root} prices are needed for ${c.type}`,
        );
      curves.set(term.root, curveOf(term.root, prices));
    }
    margins = period.map((month: YearMonth) => {
      let margin = money(0);
      for (const term of terms) {
        const curve = curves.get(term.root) as CurveContract[];
        const ref = priceReference(curve, addMonths(month, -term.lag));
        margin = margin.plus(money(term.coefficient).times(ref ? priceFrom(curve, ref) : 0));
      }
      return roundTo(margin, 4);
    });
  }

  const total = margins.reduce((sum, m, i) => sum.plus(m.times(c.targetMarketings[i] ?? 0)), money(0));
  const targetTotal = c.targetMarketings.reduce((s, h) => s + h, 0);
  if (targetTotal === 0) throw invalidInput(["targetMarketings"], "the endorsement has no target marketings");
  const actualTotal = actualMarketings.reduce((s, h) => s + h, 0);
  const ratio = money(actualTotal).dividedBy(targetTotal);
  const prorated = ratio.lt(lgmProrationThreshold(c.commodity, c.cropYear));
  const factor = prorated ? roundTo(ratio, 3) : money(1);
  const shortfall = money(c.grossMarginGuarantee).minus(total);
  const indemnity = shortfall.lte(0) ? money(0) : roundDollars(shortfall.times(factor));
  return {
    months: period.map((month, i) => ({
      month: formatYearMonth(month),
      targetMarketings: c.targetMarketings[i] ?? 0,
      actualMarketings: actualMarketings[i] ?? 0,
      actualGrossMargin: toJsonNumber(margins[i] as Money),
    })),
    totalGrossMargin: toJsonNumber(roundTo(total, 2)),
    grossMarginGuarantee: toJsonNumber(money(c.grossMarginGuarantee)),
    marketingsRatio: toJsonNumber(roundTo(ratio, 3)),
    marketFactor: toJsonNumber(factor),
    prorated,
    indemnity: toJsonNumber(indemnity),
  };
}
