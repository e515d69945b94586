import type { NewWatchSetup, Without } from "./use-save-to-watchlist";

// The setup a quote screen offers to save to the watchlist, from what it priced. Plain data, so the
// screens build it without loading the sync layer.

/** A setup without its name. */
export type Unnamed =
  | Without<Extract<NewWatchSetup, { plan: "lrp" }>, "name">
  | Without<Extract<NewWatchSetup, { plan: "lgm" }>, "name">;

/** The LRP setup of a priced quote input (the JSON the worker got) and the chosen table row. */
export function lrpSetupFrom(
  inputJson: string,
  row: { endorsementLengthWeeks: number; coverageLevel: number },
): Unnamed {
  const input = JSON.parse(inputJson) as {
    commodity: string;
    type: string;
    head: number;
    targetWeightCwt: number;
  };
  return {
    plan: "lrp",
    commodity: input.commodity,
    type: input.type,
    endorsementLengthWeeks: row.endorsementLengthWeeks,
    coverageLevel: row.coverageLevel,
    head: input.head,
    targetWeightCwt: input.targetWeightCwt,
  };
}

/** The LGM setup of a quote input. */
export function lgmSetupFrom(input: {
  commodity: string;
  type: string;
  targetMarketings: number[];
  deductible: number;
  weights?: Record<string, number | undefined>;
}): Unnamed {
  const weights = Object.fromEntries(
    Object.entries(input.weights ?? {}).filter(
      (entry): entry is [string, number] => typeof entry[1] === "number",
    ),
  );
  return {
    plan: "lgm",
    commodity: input.commodity,
    type: input.type,
    targetMarketings: [...input.targetMarketings],
    deductible: input.deductible,
    ...(Object.keys(weights).length > 0 ? { weights } : {}),
  };
}
