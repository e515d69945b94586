// Formatting helpers of the quote screens: numbers, dollars, prices with each commodity's digits from
// the catalogue, dates, months, weeks and durations.

export * from "./commodity-digits";
export * from "./dates";
export * from "./numbers";
