import { FARMER_CLASSIFICATIONS } from "../../catalogue";
import { isIsoDate } from "../../market/dates";
import type { LrpQuoteInput, LrpQuoteRequest } from "./input";

// The LRP quote input's rule without zod (docs/first-visit.md): the pricing worker prices the first quote with
// this check, so the first screen does not download zod (~26 KB gzipped). It is not a second
// definition: `lrpQuoteInputSchema` (./input.ts) stays the rule, and input-check.test.ts holds this
// function to it with a property test (same verdict on every input, the same output when accepted).
// It answers only "accepted, with this request" or "refused": the reason (the first bad field and
// the message) comes from the schema itself, which the caller loads when the check refuses.

const KEYS = new Set<string>([
  "commodity",
  "type",
  "endorsementLengthWeeks",
  "coverageLevel",
  "coveragePrice",
  "head",
  "targetWeightCwt",
  "share",
  "farmerClassification",
  "beginningFarmerYear",
  "cropYear",
  "salesDate",
  "expectedEndingValue",
  "rate",
  "priceAdjustmentFactor",
] satisfies (keyof LrpQuoteInput)[]);

/** zod's z.number(): a finite number. */
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
/** zod's .int(): a safe integer. */
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const positive = (v: unknown) => isNumber(v) && v > 0;
const fraction = (v: unknown) => isNumber(v) && v > 0 && v <= 1;
const optional = (test: (v: unknown) => boolean) => (v: unknown) => v === undefined || test(v);

const RULES: Record<string, (v: unknown) => boolean> = {
  commodity: (v) => typeof v === "string",
  type: (v) => typeof v === "string",
  endorsementLengthWeeks: (v) => isInt(v) && v > 0,
  coverageLevel: optional(fraction),
  coveragePrice: optional(positive),
  head: (v) => isInt(v) && v > 0,
  targetWeightCwt: positive,
  share: optional(fraction),
  farmerClassification: optional((v) => (FARMER_CLASSIFICATIONS as readonly unknown[]).includes(v)),
  beginningFarmerYear: optional(isInt),
  cropYear: (v) => isInt(v) && v >= 2000 && v <= 2100,
  salesDate: (v) => typeof v === "string" && isIsoDate(v),
  expectedEndingValue: optional(positive),
  rate: optional((v) => isNumber(v) && v >= 0 && v <= 1),
  priceAdjustmentFactor: optional((v) => isNumber(v) && v > 0 && v <= 2),
};
const DEFAULTS: Record<string, unknown> = { share: 1, farmerClassification: "Neither" };

/**
 * The request `lrpQuoteInputSchema` would parse from `input`, or undefined where the schema would
 * refuse it (then parse with the schema for the reason).
 */
export function checkLrpQuoteInput(input: unknown): LrpQuoteRequest | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
  const given = input as Record<string, unknown>;
  for (const key in given) if (!KEYS.has(key)) return undefined;
  const request: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = given[key];
    if (!RULES[key](value)) return undefined;
    if (value === undefined && key in DEFAULTS) request[key] = DEFAULTS[key];
    else if (value !== undefined || key in given) request[key] = value;
  }
  if ((request.coverageLevel === undefined) === (request.coveragePrice === undefined)) return undefined;
  return request as LrpQuoteRequest;
}
