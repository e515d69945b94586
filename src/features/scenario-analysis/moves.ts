import type { LgmInputCommodity } from "../../../shared/catalogue/lgm-types";
import type { LgmScenarioMoves } from "../../../shared/pricing/lgm/scenarios";
import { parseTypedNumber } from "../../lib/format";

// The price moves of a scenario, as they live in the URL: one mode for all (percent or amount) and one
// value per commodity ("d.lc=-10").

export type MoveMode = "percent" | "amount";

export const MOVE_DEFAULTS = {
  mode: "percent",
  "d.lc": "0",
  "d.fc": "0",
  "d.corn": "0",
  "d.hog": "0",
  "d.sbm": "0",
  "d.milk": "0",
};
export type MoveForm = typeof MOVE_DEFAULTS;

export const MOVE_PARAM: Readonly<Record<LgmInputCommodity, keyof MoveForm>> = {
  liveCattle: "d.lc",
  feederCattle: "d.fc",
  corn: "d.corn",
  leanHog: "d.hog",
  soybeanMeal: "d.sbm",
  classIIIMilk: "d.milk",
};

export interface MarketInfo {
  label: string;
  unit: string;
  /** Slider range by amount ($ per unit); typed values may go past it. */
  amountRange: number;
  amountStep: number;
}

export const MARKETS: Readonly<Record<LgmInputCommodity, MarketInfo>> = {
  liveCattle: { label: "Live cattle futures", unit: "$/cwt", amountRange: 60, amountStep: 1 },
  feederCattle: { label: "Feeder cattle futures", unit: "$/cwt", amountRange: 80, amountStep: 1 },
  corn: { label: "Corn futures", unit: "$/bu", amountRange: 2, amountStep: 0.05 },
  leanHog: { label: "Lean hog futures", unit: "$/cwt", amountRange: 30, amountStep: 0.5 },
  soybeanMeal: { label: "Soybean meal futures", unit: "$/ton", amountRange: 120, amountStep: 5 },
  classIIIMilk: { label: "Class III milk futures", unit: "$/cwt", amountRange: 6, amountStep: 0.1 },
};
export const PERCENT_RANGE = 50;

export type BuiltMoves =
  | { ok: true; moves: LgmScenarioMoves }
  | { ok: false; errors: Record<string, string> };

export function buildMoves(form: MoveForm, commodities: readonly LgmInputCommodity[]): BuiltMoves {
  const mode: MoveMode = form.mode === "amount" ? "amount" : "percent";
  const errors: Record<string, string> = {};
  const moves: LgmScenarioMoves = {};
  for (const c of commodities) {
    const param = MOVE_PARAM[c];
    const n = parseTypedNumber(form[param] === "" ? "0" : form[param]);
    if (n === null)
      errors[param] =
        mode === "percent" ? "Enter a percent, e.g. -10" : `Enter an amount in ${MARKETS[c].unit}`;
    else if (n !== 0) moves[c] = mode === "percent" ? { percent: n } : { amount: n };
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, moves };
}
