// RMA's LRP coverage levels are continuous (233 distinct values, 0.757–0.9995, in the real file of
// 2023-12-14), so a requested level rarely matches an offered one exactly. One rule everywhere a
// level picks an offered row (the quote, the offer history's real and sample days): the nearest
// offered level at or below the requested one, never more coverage than asked for.

export const LRP_LEVEL_RULE = "nearest offered level at or below the requested level";

/** Levels are compared to 4 decimals' half unit, so 0.95 and 0.950000 are the same level. */
const LEVEL_TOLERANCE = 0.00005;

/** The row at the nearest offered level at or below `level` (LRP_LEVEL_RULE), or undefined when none is. */
export function offeredAtOrBelow<T extends { coverageLevel: number }>(
  rows: Iterable<T>,
  level: number,
): T | undefined {
  let best: T | undefined;
  for (const r of rows)
    if (r.coverageLevel <= level + LEVEL_TOLERANCE && (!best || r.coverageLevel > best.coverageLevel))
      best = r;
  return best;
}

/** Whether an offered level is the requested one (to 4 decimals' half unit). */
export const sameLevel = (a: number, b: number): boolean => Math.abs(a - b) < LEVEL_TOLERANCE;
