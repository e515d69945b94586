// The pricing worker's parts that the first LRP quote screen does not need (docs/first-visit.md), loaded on first
// use: the LGM, scenario and breakeven engines (their inputs are zod schemas), and the schemas that
// give the reason when the worker's zod-free checks (./snapshot-check.ts, shared/pricing/lrp/
// input-check.ts) refuse an input. With them comes zod, ~26 KB gzipped the first screen no longer
// downloads.
export { marketSnapshotSchema } from "../shared/market/snapshot";
export {
  breakeven,
  lgmQuoteOf,
  lgmScenario,
  lrpQuoteInputSchema,
  lrpScenarios,
  priceLgm,
} from "../shared/pricing";
export { parseInput } from "../shared/pricing/validate";
