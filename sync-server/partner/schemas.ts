import { z } from "zod";
import {
  coverageSummarySchema,
  customerSummarySchema,
  policySummarySchema,
} from "../../shared/documents/book";
import { lgmQuoteInputSchema, lrpQuoteInputSchema } from "../../shared/pricing";

// The partner API's request and response shapes (docs/partner-api.md). Requests are the app's and the command
// line's own schemas (`npx rangeline quote`: the same JSON keys); responses describe what the pricing
// engine returns. The OpenAPI document is generated from these (openapi.ts), never written by hand.

export { lgmQuoteInputSchema, lrpQuoteInputSchema };

const money = z.number().describe("dollars");
export const lrpCoverageRowSchema = z.object({
  endorsementLengthWeeks: z.number().int(),
  endDate: z.string().describe("YYYY-MM-DD"),
  coverageLevel: z.number(),
  expectedValuePerCwt: money,
  coveragePricePerCwt: money,
  rate: z.number(),
  insuredValue: money,
  totalPremium: money,
  subsidy: money,
  producerPremium: money,
  producerPremiumPerCwt: money,
  producerPremiumPerHead: money,
  cmePutStrike: z.number().nullable(),
  cmePutPremiumPerCwt: z.number().nullable(),
  futuresContractMonth: z.string(),
  indicative: z
    .boolean()
    .describe("true when the rate was modelled: the snapshot has no RMA rate for the row"),
});
/** What the engine adds to the chosen row (shared/pricing/lrp/quote.ts LrpQuote). */
const lrpQuoteExtras = {
  levelChoice: z
    .object({ requested: z.number(), offered: z.number(), rule: z.string() })
    .optional()
    .describe("present when a quote by level took the nearest offered level at or below the one asked for"),
  noSales: z
    .object({ date: z.string().describe("YYYY-MM-DD"), reason: z.string() })
    .optional()
    .describe("present when the sales date has no LRP sales (weekend, exchange holiday, report day)"),
};
export const lrpQuoteSchema = lrpCoverageRowSchema.extend({
  ...lrpQuoteExtras,
  offers: z.array(lrpCoverageRowSchema).optional(),
});
export const lrpOffersSchema = lrpCoverageRowSchema.extend({
  ...lrpQuoteExtras,
  offers: z.array(lrpCoverageRowSchema),
});

export const lgmQuoteSchema = z.object({
  expectedGrossMargin: money,
  grossMarginGuarantee: money,
  totalPremium: money,
  subsidy: money,
  producerPremium: money,
  months: z.array(
    z.object({
      marketingMonth: z.string(),
      expectedGrossMarginPerUnit: z.number(),
      targetMarketings: z.number().int(),
    }),
  ),
  deductibleCurve: z.array(
    z.object({ deductible: z.number(), totalPremium: money, subsidy: money, producerPremium: money }),
  ),
  noSales: z
    .object({ date: z.string().describe("YYYY-MM-DD"), reason: z.string() })
    .optional()
    .describe("present when the sales date has no LGM sales (weekend, exchange holiday)"),
});

export const marketCurrentSchema = z.object({
  asOf: z.string().describe("the trading day the snapshot's prices are from, YYYY-MM-DD"),
  label: z.string().describe('e.g. "sample market data"'),
  source: z.enum(["sample", "rma", "imported"]),
});

export const customersResponseSchema = z.object({ customers: z.array(customerSummarySchema) });
export const coveragesResponseSchema = z.object({
  policies: z.array(policySummarySchema),
  coverages: z.array(coverageSummarySchema),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  errors: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});

const decimalText = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("an amount in dollars and cents, as text");

/** One expected commission line (shared/commissions/expected.ts; docs/commissions.md). */
const commissionLineSchema = z.object({
  id: z.string().describe("`{coverageId}/{n}`: the coverage's n-th line"),
  kind: z.enum(["commission", "chargeback"]),
  reverses: z.string().optional().describe("The line a chargeback reverses"),
  coverageId: z.string(),
  customerId: z.string(),
  policyId: z.string(),
  policyNumber: z.string().optional(),
  providerId: z.string().optional(),
  plan: z.enum(["lrp", "lgm"]),
  commodity: z.string(),
  cropYear: z.number().int(),
  reinsuranceYear: z.number().int(),
  salesDate: z.string(),
  endDate: z.string(),
  on: z.string().describe("The day the line was earned or charged back"),
  month: z.string(),
  business: z.enum(["new", "renewal"]),
  ratePercent: z
    .string()
    .nullable()
    .describe("Percent of the total premium; null when no schedule row applies"),
  totalPremium: decimalText,
  amount: decimalText,
  parts: z.array(
    z.object({
      party: z.enum(["writing", "servicing", "agency"]),
      agentId: z.string().optional(),
      amount: decimalText,
    }),
  ),
  problems: z.array(z.enum(["no-rate", "no-premium", "no-provider", "no-split"])),
});

export const commissionsQuerySchema = z.strictObject({
  cropYear: z.coerce
    .number({ error: "cropYear is a year, such as 2027" })
    .int("cropYear is a year, such as 2027")
    .min(1900, "cropYear is a year, such as 2027")
    .max(2100, "cropYear is a year, such as 2027")
    .describe("The crop year of the coverages (RMA's: July 1 – June 30, named by the year it ends in)"),
});

export const commissionsResponseSchema = z.object({
  cropYear: z.number().int(),
  lines: z.array(commissionLineSchema),
});
