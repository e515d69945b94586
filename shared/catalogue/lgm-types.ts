import { getLgmCommodity, type LgmCommodityCode } from "./livestock";
import { invalidTypeCode } from "./lookup-errors";

// Spec §3 "LGM type codes" and §9 "LGM default target weights".
//
// - `label` is the type's name as the spec lists it ("805 Finishing"); `typeLabel` is the spec's
//   "label" where it gives one (805 "Finishing Operation", 806 "SEW Operation", 804 "Farrow to
//   Finish"); for 807, 808 and 997 the spec gives no separate label, so typeLabel is the name.
// - `market` is the spec's parenthesised price series where it names one (lean hogs, live cattle,
//   Class III milk); left out where it does not.
// - inputs: the weights of the gross-margin formula (DOMAIN.md) per head, with the spec's
//   target-weight labels ("Target Live Cattle, Feeder Cattle, Corn, Lean Hog and Soybean Meal
//   Weight", read as "Target Live Cattle Weight", "Target Feeder Cattle Weight", ...). Ranges exist
//   for cattle only (§9); the swine weights are fixed defaults with no range.
// - Dairy 997: §9 gives NO default weights for dairy. The dairy margin is per cwt of milk, so the milk
//   quantity is 1 cwt by definition; the corn and soybean-meal equivalents (per cwt of milk) are the
//   producer's own figures and have no default here (null) — we chose not to invent one.

export type LgmInputCommodity =
  | "liveCattle"
  | "feederCattle"
  | "corn"
  | "leanHog"
  | "soybeanMeal"
  | "classIIIMilk";

export interface LgmInput {
  commodity: LgmInputCommodity;
  /** The spec's target-weight label. */
  label: string;
  /** A unit of measure of spec §3 ("ton" is the short ton of §9). */
  unit: "cwt" | "bu" | "ton";
  min?: string;
  max?: string;
  /** Decimal string; null only for the dairy feed equivalents, for which the spec has no default. */
  default: string | null;
}

export interface LgmType {
  commodityCode: LgmCommodityCode;
  code: "804" | "805" | "806" | "807" | "808" | "997";
  label: string;
  typeLabel: string;
  market?: string;
  inputs: readonly LgmInput[];
}

export const LGM_INPUT_LABELS: Readonly<Record<LgmInputCommodity, string>> = {
  liveCattle: "Target Live Cattle Weight",
  feederCattle: "Target Feeder Cattle Weight",
  corn: "Target Corn Weight",
  leanHog: "Target Lean Hog Weight",
  soybeanMeal: "Target Soybean Meal Weight",
  // Not among the spec's target-weight labels; named after the spec's "Class III milk".
  classIIIMilk: "Class III Milk",
};

const input = (
  commodity: LgmInputCommodity,
  unit: LgmInput["unit"],
  defaultValue: string | null,
  range?: { min: string; max: string },
): LgmInput => ({ commodity, label: LGM_INPUT_LABELS[commodity], unit, ...range, default: defaultValue });

const swine = (leanHog: string, soybeanMeal: string, corn: string): LgmInput[] => [
  input("leanHog", "cwt", leanHog),
  input("soybeanMeal", "ton", soybeanMeal),
  input("corn", "bu", corn),
];

export const LGM_TYPES: readonly LgmType[] = [
  {
    commodityCode: "0815",
    code: "804",
    label: "Farrow to Finish",
    typeLabel: "Farrow to Finish",
    market: "lean hogs",
    inputs: swine("2.6", "0.069275", "12"),
  },
  {
    commodityCode: "0815",
    code: "805",
    label: "Finishing",
    typeLabel: "Finishing Operation",
    inputs: swine("2.6", "0.041", "9"),
  },
  {
    commodityCode: "0815",
    code: "806",
    label: "SEW Pig Finishing",
    typeLabel: "SEW Operation",
    inputs: swine("2.6", "0.0455", "9.05"),
  },
  {
    commodityCode: "0803",
    code: "807",
    label: "Calf Finishing",
    typeLabel: "Calf Finishing",
    market: "live cattle",
    inputs: [
      input("liveCattle", "cwt", "11.5", { min: "11", max: "13" }),
      input("feederCattle", "cwt", "5.5", { min: "4", max: "6" }),
      input("corn", "bu", "52", { min: "50", max: "75" }),
    ],
  },
  {
    commodityCode: "0803",
    code: "808",
    label: "Yearling Finishing",
    typeLabel: "Yearling Finishing",
    inputs: [
      input("liveCattle", "cwt", "12.5", { min: "12", max: "15" }),
      input("feederCattle", "cwt", "7.5", { min: "6", max: "9" }),
      input("corn", "bu", "50", { min: "50", max: "85" }),
    ],
  },
  {
    commodityCode: "0847",
    code: "997",
    label: "No Type Specified",
    typeLabel: "No Type Specified",
    market: "Class III milk",
    inputs: [input("classIIIMilk", "cwt", "1"), input("corn", "bu", null), input("soybeanMeal", "ton", null)],
  },
];

/** Two-way maps between LGM type code and name (names are unique across the LGM types). */
export const LGM_TYPE_LABEL_BY_CODE: Readonly<Record<LgmType["code"], string>> = Object.fromEntries(
  LGM_TYPES.map((t) => [t.code, t.label]),
) as Record<LgmType["code"], string>;
export const LGM_TYPE_CODE_BY_LABEL: Readonly<Record<string, LgmType["code"]>> = Object.fromEntries(
  LGM_TYPES.map((t) => [t.label, t.code]),
);

/** The LGM types of one commodity, in catalogue order. Throws for an unknown commodity code. */
export function lgmTypesFor(commodityCode: string): readonly LgmType[] {
  const commodity = getLgmCommodity(commodityCode);
  return LGM_TYPES.filter((t) => t.commodityCode === commodity.code);
}

/**
 * Throws DomainError "invalid-commodity" (`Invalid commodity code: {code}`) for an unknown commodity and
 * "invalid-type" (`Invalid type code {type} for commodity {commodity}`) for a type the commodity lacks.
 */
export function getLgmType(commodityCode: string, typeCode: string): LgmType {
  const found = lgmTypesFor(commodityCode).find((t) => t.code === typeCode);
  if (!found) throw invalidTypeCode(typeCode, commodityCode);
  return found;
}
