import { getLrpCommodity, type LrpCommodityCode } from "./livestock";
import { invalidTypeCode } from "./lookup-errors";
import type { RmaClassCode } from "./rma-codes";

// Spec §3 "LRP livestock type catalogue (code, label, class, target weight range, pre-2026 price
// adjustment factor)". Labels are the spec's, verbatim (including its "<600" without "lbs" on the
// heifer, Brahman, dairy rows). Weights are cwt per head as decimal strings.
//
// Where the spec leaves a value out we derived it, and say so on the row:
// - weight range: taken from the sibling of the same weight class (<600 → 1 to 5.99, 600-1000 → 6 to
//   10, unborn → the unborn bulls & heifers range 1 to 5.99);
// - class: the spec names the class only for 809 (Weight 1) and 810 (Weight 2); the others follow
//   from their label: "<600" → 031 Weight 1, "600-1000" → 032 Weight 2, "Unborn" → 033 Unborn; fed
//   cattle and "No Type Specified" swine have no weight class → 997 No Class Specified;
// - price adjustment factor: the spec gives none for 823 Unborn Calves ("no factor"), fed cattle or
//   swine; those are null (no adjustment is stated — the pricing code decides what null means).
//
// §3 also says "each type carries a maximum head count per SCE depending on commodity (values not
// shown)": that is the commodity's limit, maxHeadCount(type.commodityCode) in head-limits.ts.
//
// Type code 821 exists under two commodities (Cull Cows for Fed Cattle, Unborn Swine for Swine), so
// every lookup is by commodity and type together.

export interface LrpType {
  commodityCode: LrpCommodityCode;
  code: string;
  label: string;
  classCode: RmaClassCode;
  /** Target weight range per head in cwt, inclusive, as decimal strings. */
  targetWeightCwt: { min: string; max: string };
  /** Pre-2026 price adjustment factor as a decimal string; null where the spec gives none. */
  priceAdjustmentFactor: string | null;
}

const W1 = { min: "1", max: "5.99" } as const;
const W2 = { min: "6", max: "10" } as const;

export const LRP_TYPES: readonly LrpType[] = [
  // Feeder Cattle 0801 — feeder cattle market, CME Feeder Cattle Options.
  {
    commodityCode: "0801",
    code: "809",
    label: "Steers <600 lbs",
    classCode: "031",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "1.1",
  },
  {
    commodityCode: "0801",
    code: "810",
    label: "Steers 600-1000 lbs",
    classCode: "032",
    targetWeightCwt: W2,
    priceAdjustmentFactor: "1",
  },
  {
    commodityCode: "0801",
    code: "811",
    label: "Heifers <600",
    classCode: "031",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "1",
  },
  {
    commodityCode: "0801",
    code: "812",
    label: "Heifers 600-1000",
    classCode: "032",
    targetWeightCwt: W2,
    priceAdjustmentFactor: "0.9",
  },
  // 813–816: range derived from the sibling weight class (spec gives only the factor).
  {
    commodityCode: "0801",
    code: "813",
    label: "Brahman <600",
    classCode: "031",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "1",
  },
  {
    commodityCode: "0801",
    code: "814",
    label: "Brahman 600-1000",
    classCode: "032",
    targetWeightCwt: W2,
    priceAdjustmentFactor: "1",
  },
  {
    commodityCode: "0801",
    code: "815",
    label: "Dairy <600",
    classCode: "031",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "0.5",
  },
  {
    commodityCode: "0801",
    code: "816",
    label: "Dairy 600-1000",
    classCode: "032",
    targetWeightCwt: W2,
    priceAdjustmentFactor: "0.5",
  },
  {
    commodityCode: "0801",
    code: "817",
    label: "Unborn Bulls & Heifers",
    classCode: "033",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "1.05",
  },
  // 818, 819: range derived from 817 Unborn Bulls & Heifers (spec gives only the factor).
  {
    commodityCode: "0801",
    code: "818",
    label: "Unborn Brahman",
    classCode: "033",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "1",
  },
  {
    commodityCode: "0801",
    code: "819",
    label: "Unborn Dairy",
    classCode: "033",
    targetWeightCwt: W1,
    priceAdjustmentFactor: "0.5",
  },
  {
    commodityCode: "0801",
    code: "823",
    label: "Unborn Calves",
    classCode: "033",
    targetWeightCwt: { min: "0.6", max: "0.99" },
    priceAdjustmentFactor: null,
  },
  // Fed Cattle 0802 — CME Live Cattle Options. No class and no factor in the spec.
  {
    commodityCode: "0802",
    code: "820",
    label: "Steers & Heifers",
    classCode: "997",
    targetWeightCwt: { min: "10", max: "16" },
    priceAdjustmentFactor: null,
  },
  {
    commodityCode: "0802",
    code: "821",
    label: "Cull Cows",
    classCode: "997",
    targetWeightCwt: { min: "8", max: "15" },
    priceAdjustmentFactor: null,
  },
  // Swine 0815 — CME Lean Hog Options. No factor in the spec.
  {
    commodityCode: "0815",
    code: "821",
    label: "Unborn Swine",
    classCode: "033",
    targetWeightCwt: { min: "1.4", max: "2.6" },
    priceAdjustmentFactor: null,
  },
  {
    commodityCode: "0815",
    code: "997",
    label: "No Type Specified",
    classCode: "997",
    targetWeightCwt: { min: "1.4", max: "2.6" },
    priceAdjustmentFactor: null,
  },
];

/** The LRP types of one commodity, in catalogue order. Throws for an unknown commodity code. */
export function lrpTypesFor(commodityCode: string): readonly LrpType[] {
  const commodity = getLrpCommodity(commodityCode);
  return LRP_TYPES.filter((t) => t.commodityCode === commodity.code);
}

/**
 * Throws DomainError "invalid-commodity" (`Invalid commodity code: {code}`) for an unknown commodity and
 * "invalid-type" (`Invalid type code {type} for commodity {commodity}`) for a type the commodity lacks.
 */
export function getLrpType(commodityCode: string, typeCode: string): LrpType {
  const found = lrpTypesFor(commodityCode).find((t) => t.code === typeCode);
  if (!found) throw invalidTypeCode(typeCode, commodityCode);
  return found;
}
