import { addDays, weekday } from "../../shared/market/dates";
import { sampleLrpRatesOf } from "../../shared/market/sample/generate";
import { offeredAtOrBelow } from "../../shared/pricing/lrp/level-rule";
import type { LrpOfferDay } from "../jobs/store";

// One LRP offer's history for the quote screen's comparison and back-test (docs/market-data.md): the stored
// history's days (what the market feed fetched from RMA or a super administrator uploaded) are real;
// every other weekday of the range is filled from the labelled sample data, so the screen always has a
// year to compare with and says which days are which. RMA's levels are continuous, so a day (real or
// sample) takes its row of the length at the nearest offered level at or below the requested one (the
// quote's LRP_LEVEL_RULE, shared/pricing/lrp/level-rule.ts) and names that level (`coverageLevel`, with
// the requested one in `requestedLevel`): a real day at 0.9489 for 0.95 is real, not a sample. The store
// returns the offer's rows at or below the level; a day without one is filled from the sample, and a
// day whose sample has no such row either is left out.

export type OfferDaySource = "real" | "sample";

export interface OfferHistoryDay {
  asOf: string;
  coveragePrice: number;
  expectedEndingValue: number;
  rate: number;
  costPerCwt: number;
  endDate: string;
  /** The offered level the day was read at (LRP_LEVEL_RULE). */
  coverageLevel: number;
  /** The level asked for. */
  requestedLevel: number;
  source: OfferDaySource;
}

export interface OfferHistoryKey {
  commodityCode: string;
  typeCode: string;
  endorsementLengthWeeks: number;
  coverageLevel: number;
  from: string;
  to: string;
}

const dayOf = (d: LrpOfferDay, source: OfferDaySource, requestedLevel: number): OfferHistoryDay => ({
  asOf: d.asOf,
  coveragePrice: d.coveragePrice,
  expectedEndingValue: d.expectedEndingValue,
  rate: d.rate,
  costPerCwt: d.costPerCwt,
  endDate: d.endDate,
  coverageLevel: d.coverageLevel,
  requestedLevel,
  source,
});

/** The sample row of a day for the offer (LRP_LEVEL_RULE), or null. */
function sampleDay(asOf: string, key: OfferHistoryKey): OfferHistoryDay | null {
  const rows = sampleLrpRatesOf(asOf, key.commodityCode, key.typeCode).filter(
    (r) => r.endorsementLengthWeeks === key.endorsementLengthWeeks,
  );
  const best = offeredAtOrBelow(rows, key.coverageLevel);
  return best ? dayOf({ ...best, asOf }, "sample", key.coverageLevel) : null;
}

/** Each stored day's row at the nearest level at or below the key's (LRP_LEVEL_RULE), as real. */
function realDays(stored: readonly LrpOfferDay[], key: OfferHistoryKey): Map<string, OfferHistoryDay> {
  const byDay = new Map<string, LrpOfferDay[]>();
  for (const d of stored) {
    if (d.endorsementLengthWeeks !== key.endorsementLengthWeeks) continue;
    byDay.set(d.asOf, [...(byDay.get(d.asOf) ?? []), d]);
  }
  const out = new Map<string, OfferHistoryDay>();
  for (const [asOf, rows] of byDay) {
    const best = offeredAtOrBelow(rows, key.coverageLevel);
    if (best) out.set(asOf, dayOf(best, "real", key.coverageLevel));
  }
  return out;
}

/**
 * Stored days as real, the other weekdays from..to as sample, oldest first.
 * @param stored the offer's stored rows of the range at any level at or below the key's
 */
export function offerHistoryWithSample(
  stored: readonly LrpOfferDay[],
  key: OfferHistoryKey,
): OfferHistoryDay[] {
  const real = realDays(stored, key);
  const out: OfferHistoryDay[] = [];
  for (let day = key.from; day <= key.to; day = addDays(day, 1)) {
    const held = real.get(day);
    if (held) {
      out.push(held);
      continue;
    }
    const w = weekday(day);
    if (w === 0 || w === 6) continue;
    const sample = sampleDay(day, key);
    if (sample) out.push(sample);
  }
  return out;
}
