// The pricing engine's public surface: pure functions over explicit inputs (market snapshot, the
// producer's choices), money in decimal.js. The worker, the server and the CLI all call these.

export {
  type BreakevenInput,
  type BreakevenResult,
  breakeven,
  breakevenInputSchema,
} from "./breakeven/breakeven";
export { type LgmQuoteInput, lgmQuoteInputSchema } from "./lgm/input";
export { grossMarginGuarantee, LGM_LOAD, lgmPremiumCurve } from "./lgm/premium";
export {
  type LgmPricing,
  type LgmQuote,
  type LgmQuoteOptions,
  lgmQuoteOf,
  priceLgm,
  quoteLgm,
} from "./lgm/quote";
export {
  type LgmScenarioMoves,
  type LgmScenarioResult,
  lgmScenario,
  lgmScenarioMovesSchema,
} from "./lgm/scenarios";
export { LGM_SIMULATION_DRAWS, simulateLgmMargins } from "./lgm/simulate";
export { actualEndingValue, settledLrpOutcome } from "./lrp/actual";
export { type LrpOutcome, lrpIndemnity, lrpNetPriceFloor, lrpOutcome } from "./lrp/indemnity";
export { type LrpQuoteInput, lrpQuoteInputSchema } from "./lrp/input";
export { LRP_ENDORSEMENT_LENGTHS } from "./lrp/markets";
export { type LrpCoverageRow, type LrpQuote, quoteLrp } from "./lrp/quote";
export { type LrpScenarioCoverage, lrpScenarioInputSchema, lrpScenarios } from "./lrp/scenarios";
export { roundDollars } from "./money";
export { farmerSubsidyAddition } from "./subsidy/farmer";
export { lgmSubsidyPercent } from "./subsidy/lgm-subsidy";
export { lrpSubsidyPercent } from "./subsidy/lrp-subsidy";
