import type { LrpType } from "../../catalogue/lrp-types";
import { invalidInput } from "../validate";
import { LRP_ENDORSEMENT_LENGTHS } from "./markets";

// LRP types by the crop year they exist in, and what changed for them (DOMAIN.md "Program changes
// 2023–2027"; RMA's Type tables through RY2025 in ../shared/rma/ have neither 823 nor fed 821). Data
// keyed by the first crop year a rule applies from; a later row of the same type overrides an earlier.

export interface LrpTypeRule {
  commodityCode: string;
  typeCode: string;
  fromCropYear: number;
  /** The type is not offered before the first rule's crop year. */
  offered?: true;
  /** Endorsement lengths the type may have (all lengths when absent). */
  lengthsWeeks?: readonly number[];
  /** Largest target weight per head, cwt (the catalogue's when absent). */
  maxWeightCwt?: string;
  source: string;
}

export const LRP_TYPE_RULES: readonly LrpTypeRule[] = [
  {
    commodityCode: "0801",
    typeCode: "823",
    fromCropYear: 2026,
    offered: true,
    source: "CY2026: new type Unborn Calves, sold within 2 weeks of birth (RMA release, Oct 2025; DOMAIN.md)",
  },
  {
    commodityCode: "0802",
    typeCode: "821",
    fromCropYear: 2026,
    offered: true,
    lengthsWeeks: [13],
    source: "CY2026: dairy cull cows added as a fed cattle type, 13-week endorsements only (DOMAIN.md)",
  },
  {
    commodityCode: "0801",
    typeCode: "817",
    fromCropYear: 2027,
    maxWeightCwt: "9",
    source: "CY2027: Unborn Bulls & Heifers insurable to 900 lb, was 599 (WLJ 2026-05-22; DOMAIN.md)",
  },
  {
    commodityCode: "0802",
    typeCode: "820",
    fromCropYear: 2027,
    maxWeightCwt: "18",
    source: "CY2027: fed steers and heifers insurable to 1,800 lb, was 1,600 (WLJ 2026-05-22; DOMAIN.md)",
  },
];

export interface LrpTypeTerms {
  lengthsWeeks: readonly number[];
  targetWeightCwt: { min: string; max: string };
}

/** What a type allows in a crop year; refuses a type before the year it is offered from. */
export function lrpTypeTerms(type: LrpType, cropYear: number): LrpTypeTerms {
  const rules = LRP_TYPE_RULES.filter(
    (r) => r.commodityCode === type.commodityCode && r.typeCode === type.code,
  ).sort((a, b) => a.fromCropYear - b.fromCropYear);
  const first = rules.find((r) => r.offered);
  if (first && cropYear < first.fromCropYear)
    throw invalidInput(
      ["type"],
      `${type.label} (${type.code}) is offered from crop year ${first.fromCropYear}, not in ${cropYear}`,
    );
  const applying = rules.filter((r) => r.fromCropYear <= cropYear);
  const lengths = applying.findLast((r) => r.lengthsWeeks)?.lengthsWeeks ?? LRP_ENDORSEMENT_LENGTHS;
  const max = applying.findLast((r) => r.maxWeightCwt)?.maxWeightCwt ?? type.targetWeightCwt.max;
  return { lengthsWeeks: lengths, targetWeightCwt: { min: type.targetWeightCwt.min, max } };
}
