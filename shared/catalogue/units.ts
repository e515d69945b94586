// Spec §3 "Units of measure" and "Price units", verbatim.

export const UNITS_OF_MEASURE = ["bu", "lbs", "hd", "ton", "long ton", "cwt", "tonne", "ac"] as const;
export type UnitOfMeasure = (typeof UNITS_OF_MEASURE)[number];

export const PRICE_UNITS = ["$/head", "$/cwt", "$/bu", "$/ton"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
