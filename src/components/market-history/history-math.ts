import Decimal from "decimal.js";
import { cropYearOf } from "../../../shared/book/crop-year";
import { addDays } from "../../../shared/market/dates";
import type { LrpActualEndingValue } from "../../../shared/market/snapshot";
import { sameLevel } from "../../../shared/pricing/lrp/level-rule";
import { lrpSubsidyPercent } from "../../../shared/pricing/subsidy/lrp-subsidy";

// The LRP quote screen's history (docs/market-data.md): today's coverage price and premium against the last 30
// and 365 days, and a back-test of the offer — what an endorsement bought on each past day paid at its
// end (indemnity from RMA's actual ending value) against its premium. Exact decimals; per cwt.

/** Where a day's figures come from: the stored history (real) or the labelled sample data. */
export type DataSource = "real" | "sample";

/** One day of an offer, as GET /api/market/history/lrp returns it. */
export interface OfferDay {
  /** The server labels each day (sync-server/market/offer-history.ts); unlabelled days count as real. */
  source?: DataSource;
  asOf: string;
  coveragePrice: number;
  expectedEndingValue: number;
  rate: number;
  costPerCwt: number;
  endDate: string;
  /** The offered level the day was read at (RMA's levels are continuous: the nearest at or below). */
  coverageLevel: number;
  /** The level asked for (absent from servers before docs/market-data.md's level rule). */
  requestedLevel?: number;
}

export interface Range {
  days: number;
  min: string;
  max: string;
  mean: string;
}

/** Coverage price and total premium per cwt over the `window` days before `asOf` (today excluded). */
export function windowSummary(
  days: readonly OfferDay[],
  asOf: string,
  window: number,
): { coveragePrice: Range; premium: Range } | null {
  const from = addDays(asOf, -window);
  const inside = days.filter((d) => d.asOf >= from && d.asOf < asOf);
  if (inside.length === 0) return null;
  const range = (pick: (d: OfferDay) => number): Range => {
    const values = inside.map((d) => new Decimal(pick(d)));
    const sum = values.reduce((a, b) => a.plus(b), new Decimal(0));
    return {
      days: values.length,
      min: Decimal.min(...values).toFixed(2),
      max: Decimal.max(...values).toFixed(2),
      mean: sum.div(values.length).toFixed(2),
    };
  };
  return { coveragePrice: range((d) => d.coveragePrice), premium: range((d) => d.costPerCwt) };
}

export interface BacktestRow {
  asOf: string;
  endDate: string;
  coveragePrice: string;
  /** RMA's total premium per cwt (Cost Per Cwt Amount). */
  premium: string;
  /** After the level's subsidy (null when the level has no subsidy for that crop year). */
  producerPremium: string | null;
  /** null: RMA has not published the ending value yet. */
  actualEndingValue: string | null;
  indemnity: string | null;
  /** Indemnity less the producer premium (or the total premium without a subsidy figure). */
  net: string | null;
  /** Where the day's offer came from. */
  daySource: DataSource;
  /** Where the ending value came from (null while none is published). */
  endingSource: DataSource | null;
}

/** How many of the days are real and how many sample. */
/**
 * The offered levels other than the requested one that days were read at (the nearest at or below,
 * LRP_LEVEL_RULE), with how many days each, highest first; empty when every day is at the asked level.
 */
export function otherLevels(days: readonly OfferDay[]): { level: number; days: number }[] {
  const counts = new Map<number, number>();
  for (const d of days)
    if (d.requestedLevel !== undefined && !sameLevel(d.coverageLevel, d.requestedLevel))
      counts.set(d.coverageLevel, (counts.get(d.coverageLevel) ?? 0) + 1);
  return [...counts].map(([level, n]) => ({ level, days: n })).sort((a, b) => b.level - a.level);
}

export function sourceCounts(days: readonly Pick<OfferDay, "source">[]): Record<DataSource, number> {
  const counts = { real: 0, sample: 0 };
  for (const d of days) counts[d.source ?? "real"] += 1;
  return counts;
}

export function backtest(
  days: readonly OfferDay[],
  endingValues: readonly LrpActualEndingValue[],
  commodityCode: string,
  typeCode: string,
  /** Where the actual ending values come from: the market snapshot's source ("sample" or RMA's). */
  endingSource: DataSource = "real",
): BacktestRow[] {
  const ending = new Map(
    endingValues
      .filter((v) => v.commodityCode === commodityCode && v.typeCode === typeCode)
      .map((v) => [v.endDate, v.actualEndingValue]),
  );
  return days.map((d) => {
    const price = new Decimal(d.coveragePrice);
    const premium = new Decimal(d.costPerCwt);
    const subsidy = lrpSubsidyPercent(d.coverageLevel, cropYearOf(d.asOf));
    const producer =
      subsidy === null ? null : premium.times(new Decimal(100).minus(subsidy.toString()).div(100));
    const aev = ending.get(d.endDate);
    const indemnity = aev === undefined ? null : Decimal.max(0, price.minus(aev));
    return {
      asOf: d.asOf,
      endDate: d.endDate,
      coveragePrice: price.toFixed(2),
      premium: premium.toFixed(2),
      producerPremium: producer ? producer.toFixed(2) : null,
      actualEndingValue: aev === undefined ? null : new Decimal(aev).toFixed(2),
      indemnity: indemnity ? indemnity.toFixed(2) : null,
      net: indemnity ? indemnity.minus(producer ?? premium).toFixed(2) : null,
      daySource: d.source ?? "real",
      endingSource: aev === undefined ? null : endingSource,
    };
  });
}
