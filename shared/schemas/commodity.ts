import { z } from "zod";
import { UNITS_OF_MEASURE } from "../catalogue/units";
import { decimalStringSchema } from "./formats";

// Spec §3 "Commodity catalogue" fields and §5's commodity schema rules. Exact numbers (sizes, strike
// steps) are decimal strings. Fields the spec lists as optional are optional; so are the fields for
// which §9 gives values for only some commodities (exchange and trading codes, strike steps, digits,
// multipliers, price factors): the catalogue leaves a value out rather than invent it.
//
// Month numbers. §3 says futures months are "month index 0-11" (January = 0) and §9 lists months such
// as 0 (Feeder Cattle, Milk) and new-crop month 0 (Feeder Cattle, Canola, Milk); §5 says the month
// lists, newCropMonth and shortDatedCutoff are "positive integers". Read literally, §5 would reject the
// spec's own data. We choose: month indexes are integers 0 to 11 (non-negative, at most 11).
export const monthIndexSchema = z
  .number({ error: "Month must be a number" })
  .int("Month must be a whole number")
  .min(0, "Month index must be 0 (January) to 11 (December)")
  .max(11, "Month index must be 0 (January) to 11 (December)");

export const commoditySchema = z.object({
  id: z.number().int("Commodity id must be a whole number").nonnegative("Commodity id must not be negative"),
  name: z.string().min(1),
  tradingCode: z.string().min(1).optional(),
  barchartExchangeCode: z.string().min(1).optional(),
  specialOptionTradingCode: z.string().min(1).optional(),
  miniTradingCode: z.string().min(1).optional(),
  uom: z.enum(UNITS_OF_MEASURE).optional(),
  standardSize: decimalStringSchema.optional(),
  miniSize: decimalStringSchema.optional(),
  futuresTradingMonths: z.array(monthIndexSchema).optional(),
  newCropMonth: monthIndexSchema.optional(),
  shortDatedCutoff: monthIndexSchema.optional(),
  cqgTradingCode: z.string().min(1).optional(),
  cqgShortDatedTradingCode: z.string().min(1).optional(),
  cqgMiniTradingCode: z.string().min(1).optional(),
  cqgStrikeMultiplier: z.number().positive().optional(),
  optionStrikePriceStep: decimalStringSchema.optional(),
  shortDatedAndWeeklyOptionsStrikePrice: decimalStringSchema.optional(),
  nearTermMonthDistance: z.number().int().nonnegative().optional(),
  nearTermOptionsStrikePrice: decimalStringSchema.optional(),
  hasSpecialOptions: z.boolean().optional(),
  barchartStrikeMultiplier: z.number().positive().optional(),
  barchartPriceFactor: z.number().positive().optional(),
  barchartOptionsPriceFactor: z.number().positive().optional(),
  formatPriceMaxDigitsAfterDecimal: z.number().int().nonnegative().optional(),
  formatOptionsMaxDigitsAfterDecimal: z.number().int().nonnegative().optional(),
  sgLrpCommodity: z.string().min(1).optional(),
  sgLgmCommodity: z.string().min(1).optional(),
  isLivestock: z.boolean(),
  isTradeable: z.boolean(),
  isMarketingCrop: z.boolean(),
  isHedgingCrop: z.boolean(),
});

export type Commodity = z.infer<typeof commoditySchema>;
