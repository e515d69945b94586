import { type Money, money } from "../money";

// LRP subsidy by coverage level, keyed by the first crop year each table applies from (RMA PM-20-064:
// crop year 2021 on). A band holds for coverage levels from `minLevel` (inclusive) up to the next
// band's minLevel (exclusive); the last band runs to 1.00. Percent as decimal strings.

interface LrpSubsidyTable {
  fromCropYear: number;
  bands: readonly { minLevel: string; percent: string }[];
}

export const LRP_SUBSIDY_TABLES: readonly LrpSubsidyTable[] = [
  {
    fromCropYear: 2021,
    bands: [
      { minLevel: "0.70", percent: "55" },
      { minLevel: "0.80", percent: "50" },
      { minLevel: "0.85", percent: "45" },
      { minLevel: "0.90", percent: "40" },
      { minLevel: "0.95", percent: "35" },
    ],
  },
];

/** Base LRP subsidy percent for a coverage level, or null when the level is below the lowest band or above 1. */
export function lrpSubsidyPercent(coverageLevel: Money | number | string, cropYear: number): Money | null {
  const table = LRP_SUBSIDY_TABLES.find((t) => cropYear >= t.fromCropYear);
  if (!table) return null;
  const level = money(coverageLevel);
  if (level.gt(1)) return null;
  let found: string | null = null;
  for (const band of table.bands) if (level.gte(band.minLevel)) found = band.percent;
  return found === null ? null : money(found);
}
