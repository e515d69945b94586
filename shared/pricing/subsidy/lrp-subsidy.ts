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

// Levels are decimals of at most a few places; the nearest doubles of two such decimals compare as
// the decimals do, so bands are matched on numbers (this runs for every row of an offer table).
const NUMERIC_TABLES = LRP_SUBSIDY_TABLES.map((t) => ({
  fromCropYear: t.fromCropYear,
  bands: t.bands.map((b) => ({ minLevel: Number(b.minLevel), percent: money(b.percent) })),
}));

/** Base LRP subsidy percent for a coverage level, or null when the level is below the lowest band or above 1. */
export function lrpSubsidyPercent(coverageLevel: Money | number | string, cropYear: number): Money | null {
  const table = NUMERIC_TABLES.find((t) => cropYear >= t.fromCropYear);
  if (!table) return null;
  const level = typeof coverageLevel === "number" ? coverageLevel : Number(coverageLevel.toString());
  if (!(level <= 1)) return null;
  let found: Money | null = null;
  for (const band of table.bands) if (level >= band.minLevel) found = band.percent;
  return found;
}
