// The domain catalogue of the product specification (§3, §4, §5, §9) as typed data with lookups.

export * from "./app-defaults";
export * from "./commodities";
export * from "./constants";
export * from "./enumerations";
export * from "./environments";
export * from "./head-limits";
export * from "./labels";
export * from "./lgm-deductibles";
export * from "./lgm-types";
export * from "./livestock";
export * from "./lookup-errors";
export * from "./lrp-types";
export * from "./parties";
export * from "./plans";
export * from "./providers";
export * from "./regions";
export * from "./rma-codes";
export * from "./units";
