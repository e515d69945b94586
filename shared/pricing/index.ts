// The pricing engine's public surface: pure functions over explicit inputs (market snapshot, the
// producer's choices), money in decimal.js. The worker, the server and the CLI all call these.

export { type BreakevenResult, breakeven } from "./breakeven/breakeven";
export { type LgmQuoteInput, lgmQuoteInputSchema } from "./lgm/input";
export { type LgmQuote, lgmQuoteOf, priceLgm, quoteLgm } from "./lgm/quote";
export { type LgmScenarioResult, lgmScenario } from "./lgm/scenarios";
export type { LrpOutcome } from "./lrp/indemnity";
export { type LrpQuoteInput, lrpQuoteInputSchema } from "./lrp/input";
export { LRP_ENDORSEMENT_LENGTHS } from "./lrp/markets";
export { type LrpCoverageRow, type LrpQuote, quoteLrp } from "./lrp/quote";
export { lrpScenarios } from "./lrp/scenarios";
