import { addDays, weekday } from "../../shared/market/dates";
import { sampleLrpRatesOf } from "../../shared/market/sample/generate";
import type { LrpOfferDay } from "../jobs/store";

// One LRP offer's history for the quote screen's comparison and back-test (issue 26): the stored
// history's days (what the market feed fetched from RMA or a super administrator uploaded) are real;
// every other weekday of the range is filled from the labelled sample data, so the screen always has a
// year to compare with and says which days are which. A sample day takes the sample row of the same
// length at the nearest offered level at or below the requested one (the quote's LRP_LEVEL_RULE); a day whose
// sample has no such row is left out.

export type OfferDaySource = "real" | "sample";

export interface OfferHistoryDay {
  asOf: string;
  coveragePrice: number;
  expectedEndingValue: number;
  rate: number;
  costPerCwt: number;
  endDate: string;
  coverageLevel: number;
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

const dayOf = (d: LrpOfferDay, source: OfferDaySource): OfferHistoryDay => ({
  asOf: d.asOf,
  coveragePrice: d.coveragePrice,
  expectedEndingValue: d.expectedEndingValue,
  rate: d.rate,
  costPerCwt: d.costPerCwt,
  endDate: d.endDate,
  coverageLevel: d.coverageLevel,
  source,
});

/** The sample row of a day for the offer (LRP_LEVEL_RULE), or null. */
function sampleDay(asOf: string, key: OfferHistoryKey): OfferHistoryDay | null {
  let best: OfferHistoryDay | null = null;
  for (const r of sampleLrpRatesOf(asOf, key.commodityCode, key.typeCode)) {
    if (r.endorsementLengthWeeks !== key.endorsementLengthWeeks) continue;
    if (r.coverageLevel > key.coverageLevel + 0.00005) continue;
    if (best && best.coverageLevel >= r.coverageLevel) continue;
    best = dayOf({ ...r, asOf }, "sample");
  }
  return best;
}

/** Stored days as real, the other weekdays from..to as sample, oldest first. */
export function offerHistoryWithSample(
  stored: readonly LrpOfferDay[],
  key: OfferHistoryKey,
): OfferHistoryDay[] {
  const real = new Map(stored.map((d) => [d.asOf, dayOf(d, "real")]));
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
