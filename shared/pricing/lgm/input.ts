import { z } from "zod";
import { FARMER_CLASSIFICATIONS } from "../../catalogue";
import { isoDateSchema } from "../../market/snapshot";

// The LGM quote input: the JSON the CLI reads, the worker receives and the partner API accepts.

const weight = z.number().nonnegative();

/** Elected weights per unit (spec §9 ranges), by the commodity they weigh; the quote and the watchlist share it. */
export const lgmWeightsSchema = z
  .object({
    liveCattle: weight,
    feederCattle: weight,
    corn: weight,
    leanHog: weight,
    soybeanMeal: weight,
    classIIIMilk: weight,
  })
  .partial()
  .strict();

export const lgmQuoteInputSchema = z
  .object({
    commodity: z.string({ message: 'expected a commodity code such as "0803"' }),
    type: z.string({ message: 'expected a type code such as "808"' }),
    salesDate: isoDateSchema,
    /** One per month of the insurance period (11 cattle and dairy, 6 swine); the first must be 0. */
    targetMarketings: z.array(z.number().int({ message: "expected a whole number" }).nonnegative()),
    deductible: z.number().nonnegative(),
    farmerClassification: z.enum(FARMER_CLASSIFICATIONS).default("Neither"),
    beginningFarmerYear: z.number().int().optional(),
    cropYear: z.number().int().min(2000).max(2100),
    seed: z.number().int().default(1),
    stateCode: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
    weights: lgmWeightsSchema.optional(),
    expectedGrossMargins: z.array(z.number()).optional(),
    draws: z.array(z.array(z.number())).min(1).optional(),
  })
  .strict();

export type LgmQuoteInput = z.input<typeof lgmQuoteInputSchema>;
export type LgmQuoteRequest = z.output<typeof lgmQuoteInputSchema>;
