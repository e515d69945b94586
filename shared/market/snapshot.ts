import { z } from "zod";
import { FUTURES_ROOTS } from "./contracts";
import { isIsoDate } from "./dates";

// The market snapshot: everything a quote needs from the market, for one as-of date. One schema, used
// by the importers, the sample generator, the worker, the CLI and the server.

export const isoDateSchema = z.string().refine(isIsoDate, { message: "expected a date YYYY-MM-DD" });
export const yearMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: "expected a month YYYY-MM" });

export const futuresSettlementSchema = z.object({
  root: z.enum(FUTURES_ROOTS),
  contractMonth: yearMonthSchema,
  settle: z.number().positive(),
  /** At-the-money implied volatility, annualised (0.18 = 18 %). */
  impliedVolatility: z.number().positive().max(5).optional(),
});
export type FuturesSettlement = z.infer<typeof futuresSettlementSchema>;

/** One row of RMA's A00630_LrpRate. */
export const lrpRateRowSchema = z.object({
  cropYear: z.number().int(),
  commodityCode: z.string().regex(/^\d{4}$/),
  typeCode: z.string().regex(/^\d{3}$/),
  salesEffectiveDate: isoDateSchema,
  endDate: isoDateSchema,
  endorsementLengthWeeks: z.number().int().positive(),
  coverageLevel: z.number().positive().max(1),
  coveragePrice: z.number().positive(),
  expectedEndingValue: z.number().positive(),
  rate: z.number().nonnegative(),
  costPerCwt: z.number().nonnegative(),
  priceAdjustmentFactor: z.number().positive().optional(),
});
export type LrpRateRow = z.infer<typeof lrpRateRowSchema>;

/** One row of RMA's A00620_LrpActualEndingValue. */
export const lrpActualEndingValueSchema = z.object({
  commodityCode: z.string().regex(/^\d{4}$/),
  typeCode: z.string().regex(/^\d{3}$/),
  endDate: isoDateSchema,
  actualEndingValue: z.number().nonnegative(),
});
export type LrpActualEndingValue = z.infer<typeof lrpActualEndingValueSchema>;

/**
 * LGM expected gross margins (A00600_LgmGrossMargin) and, where published, simulated per-unit margins
 * (A00610_LgmDraw) for one commodity, type, state and sales date. `draws[i][m]` belongs to
 * `marketingMonths[m]`. RMA's draws are for the type's default weights.
 */
export const lgmMarginSetSchema = z
  .object({
    commodityCode: z.string().regex(/^\d{4}$/),
    typeCode: z.string().regex(/^\d{3}$/),
    stateCode: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
    salesEffectiveDate: isoDateSchema,
    marketingMonths: z.array(yearMonthSchema).min(1),
    expectedGrossMargins: z.array(z.number()),
    draws: z.array(z.array(z.number())).optional(),
  })
  .superRefine((set, ctx) => {
    if (set.expectedGrossMargins.length !== set.marketingMonths.length)
      ctx.addIssue({
        code: "custom",
        path: ["expectedGrossMargins"],
        message: "one margin per marketing month",
      });
    set.draws?.forEach((row, i) => {
      if (row.length !== set.marketingMonths.length)
        ctx.addIssue({ code: "custom", path: ["draws", i], message: "one margin per marketing month" });
    });
  });
export type LgmMarginSet = z.infer<typeof lgmMarginSetSchema>;

/**
 * Where one part of a snapshot came from: an RMA ADM member and its sales date, or the futures
 * provider and its trade date; with the address it was fetched from and when (an ISO timestamp).
 */
export const snapshotSourceSchema = z.object({
  part: z.enum(["lrpRates", "lrpActualEndingValues", "lgm", "futures"]),
  /** "RMA A00630_LrpRate", "futures settlements" … */
  name: z.string().min(1).max(200),
  /** The date the data is for (RMA's sales effective date, the futures trade date). */
  date: isoDateSchema.optional(),
  url: z.string().max(2000).optional(),
  fetchedAt: z.string().max(40).optional(),
});
export type SnapshotSource = z.infer<typeof snapshotSourceSchema>;

export const marketSnapshotSchema = z.object({
  /** Shown wherever the data is shown, e.g. "sample market data". */
  label: z.string().min(1),
  source: z.enum(["sample", "rma", "imported"]),
  asOf: isoDateSchema,
  /** Continuously compounded, for discounting option values. */
  riskFreeRate: z.number().min(-0.05).max(0.5),
  futures: z.array(futuresSettlementSchema),
  lrpRates: z.array(lrpRateRowSchema),
  lrpActualEndingValues: z.array(lrpActualEndingValueSchema),
  lgm: z.array(lgmMarginSetSchema),
  /** Where each part came from; absent for the sample data and for files imported by hand. */
  sources: z.array(snapshotSourceSchema).optional(),
});
export type MarketSnapshot = z.infer<typeof marketSnapshotSchema>;

export const SAMPLE_MARKET_LABEL = "sample market data";
