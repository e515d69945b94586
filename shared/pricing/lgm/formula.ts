import { getLgmType, type LgmInputCommodity, type LgmType } from "../../catalogue";
import type { FuturesRoot } from "../../market/contracts";
import { money } from "../money";
import { invalidInput } from "../validate";

// Expected gross margin per unit for marketing month t (DOMAIN.md), as signed terms of futures prices
// at monthly lags:
//   808 Yearling Finishing: LC × LiveCattle(t) − FC × Feeder(t−5) − C × Corn(t−2)
//   807 Calf Finishing:     LC × LiveCattle(t) − FC × Feeder(t−8) − C × Corn(t−4)
//   804 Farrow to Finish:   0.74 × LH × LeanHog(t) − C × Corn(t−3) − S × SBM(t−3)
//   805 Finishing:          0.74 × LH × LeanHog(t) − C × Corn(t−2) − S × SBM(t−2)
//   806 SEW Pig Finishing:  0.74 × LH × LeanHog(t) − C × Corn(t−2) − S × SBM(t−2)
//   997 Dairy:              Milk × ClassIII(t) − C × Corn(t) − S × SBM(t)   (no lags: our choice)
// Weights are the catalogue's defaults; cattle weights may be elected within the catalogue's ranges.

export const LEAN_HOG_FACTOR = 0.74;

export const ROOT_OF: Readonly<Record<LgmInputCommodity, FuturesRoot>> = {
  liveCattle: "LE",
  feederCattle: "GF",
  corn: "ZC",
  leanHog: "HE",
  soybeanMeal: "ZM",
  classIIIMilk: "DL",
};

const LAGS: Readonly<Record<LgmType["code"], Partial<Record<LgmInputCommodity, number>>>> = {
  "808": { liveCattle: 0, feederCattle: 5, corn: 2 },
  "807": { liveCattle: 0, feederCattle: 8, corn: 4 },
  "804": { leanHog: 0, corn: 3, soybeanMeal: 3 },
  "805": { leanHog: 0, corn: 2, soybeanMeal: 2 },
  "806": { leanHog: 0, corn: 2, soybeanMeal: 2 },
  "997": { classIIIMilk: 0, corn: 0, soybeanMeal: 0 },
};

const OUTPUTS: ReadonlySet<LgmInputCommodity> = new Set(["liveCattle", "leanHog", "classIIIMilk"]);

export interface MarginTerm {
  commodity: LgmInputCommodity;
  root: FuturesRoot;
  /** Months before the marketing month whose price is used. */
  lag: number;
  /** Signed multiplier of the price: +weight for the output, −weight for inputs (× 0.74 for lean hogs). */
  coefficient: number;
}

export type LgmWeights = Partial<Record<LgmInputCommodity, number>>;

/** The signed terms of a type's gross margin with the producer's weights checked against the catalogue. */
export function marginTerms(commodityCode: string, typeCode: string, weights: LgmWeights = {}): MarginTerm[] {
  const type = getLgmType(commodityCode, typeCode);
  for (const key of Object.keys(weights) as LgmInputCommodity[])
    if (!type.inputs.some((i) => i.commodity === key))
      throw invalidInput(["weights", key], `${type.label} has no ${key} weight`);
  return type.inputs.map((input) => {
    const chosen = weights[input.commodity];
    let value: number;
    if (chosen === undefined) {
      if (input.default === null)
        throw invalidInput(
          ["weights", input.commodity],
          `${input.label} is required for ${type.label} (no default)`,
        );
      value = Number(input.default);
    } else {
      const isDefault = input.default !== null && money(chosen).eq(input.default);
      if (input.min !== undefined && input.max !== undefined) {
        if (money(chosen).lt(input.min) || money(chosen).gt(input.max))
          throw invalidInput(
            ["weights", input.commodity],
            `${input.label} must be from ${input.min} to ${input.max} ${input.unit} for ${type.label}`,
          );
      } else if (input.default !== null && !isDefault) {
        throw invalidInput(
          ["weights", input.commodity],
          `${input.label} is fixed at ${input.default} for ${type.label}`,
        );
      }
      value = chosen;
    }
    const sign = OUTPUTS.has(input.commodity) ? 1 : -1;
    const factor = input.commodity === "leanHog" ? LEAN_HOG_FACTOR : 1;
    return {
      commodity: input.commodity,
      root: ROOT_OF[input.commodity],
      lag: LAGS[type.code][input.commodity] ?? 0,
      coefficient: sign * factor * value,
    };
  });
}

/** True when every weight is the catalogue default (RMA's published draws are for the defaults). */
export function usesDefaultWeights(
  commodityCode: string,
  typeCode: string,
  weights: LgmWeights = {},
): boolean {
  const type = getLgmType(commodityCode, typeCode);
  return type.inputs.every((i) => {
    const chosen = weights[i.commodity];
    return chosen === undefined ? i.default !== null : i.default !== null && money(chosen).eq(i.default);
  });
}
