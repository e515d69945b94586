// The days the end-to-end suite runs on (docs/server-layout.md), each chosen for what the product does on it, at
// noon Central (18:00 UTC). No side effects: playwright.config.ts reads it before any test module.
/** The days the suite knows, each chosen for what the product does on it (noon Central, 18:00 UTC). */
export const DAYS = {
  /** Wednesday 2026-11-18: LRP and LGM sales, the sample market made for it; the suite's normal day. */
  sales: "2026-11-18T18:00:00Z",
  /** Friday 2026-11-20: USDA Cattle on Feed (published calendar): no LRP cattle sales; swine and LGM sell. */
  cattleReport: "2026-11-20T18:00:00Z",
  /** Thursday 2026-11-26: Thanksgiving, an exchange holiday: no LRP, no LGM sales. */
  holiday: "2026-11-26T18:00:00Z",
} as const;
