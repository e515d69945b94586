import { z } from "zod";
import { FARMER_CLASSIFICATIONS } from "../../catalogue";
import { isoDateSchema } from "../../market/snapshot";

// The LRP quote input: the JSON the CLI reads, the worker receives and the partner API accepts.

export const lrpQuoteInputSchema = z
  .object({
    commodity: z.string({ message: 'expected a commodity code such as "0801"' }),
    type: z.string({ message: 'expected a type code such as "809"' }),
    endorsementLengthWeeks: z.number().int({ message: "expected a whole number of weeks" }).positive(),
    coverageLevel: z.number().gt(0).max(1).optional(),
    coveragePrice: z.number().positive().optional(),
    head: z.number().int({ message: "expected a whole number of head" }).positive(),
    targetWeightCwt: z.number().positive(),
    share: z.number().gt(0).max(1).default(1),
    farmerClassification: z.enum(FARMER_CLASSIFICATIONS).default("Neither"),
    /** Year of farming (1–10) of a beginning farmer/rancher; sets the addition from crop year 2027. */
    beginningFarmerYear: z.number().int().optional(),
    cropYear: z.number().int().min(2000).max(2100),
    salesDate: isoDateSchema,
    expectedEndingValue: z.number().positive().optional(),
    rate: z.number().nonnegative().max(1).optional(),
    priceAdjustmentFactor: z.number().positive().max(2).optional(),
  })
  .strict()
  .refine((v) => (v.coverageLevel === undefined) !== (v.coveragePrice === undefined), {
    message: "give exactly one of coverageLevel and coveragePrice",
    path: ["coverageLevel"],
  });

export type LrpQuoteInput = z.input<typeof lrpQuoteInputSchema>;
export type LrpQuoteRequest = z.output<typeof lrpQuoteInputSchema>;
