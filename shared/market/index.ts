// Market data: the snapshot schema, RMA and futures importers, and the sample generator.

export * from "./contracts";
export { importMarketFiles, type MarketFiles } from "./importers/snapshot-builder";
export { generateSampleSnapshot } from "./sample/generate";
export * from "./snapshot";
