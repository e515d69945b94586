// Market data: the snapshot schema, RMA and futures importers, and the sample generator.

export * from "./contracts";
export { importFuturesCsv } from "./importers/futures-csv";
export { importLgm } from "./importers/lgm";
export { importLrpActualEndingValues } from "./importers/lrp-actual-ending-value";
export { importLrpRates } from "./importers/lrp-rate";
export { importMarketFiles, type MarketFiles } from "./importers/snapshot-builder";
export { sourceLine } from "./provenance";
export { generateSampleSnapshot } from "./sample/generate";
export * from "./snapshot";
