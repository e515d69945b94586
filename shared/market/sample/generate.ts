import { cropYearOf } from "../../book/crop-year";
import { LGM_TYPES, LRP_TYPES } from "../../catalogue";
import { futuresCurve, priceFrom, priceReference } from "../../pricing/futures-curve";
import { marginTerms } from "../../pricing/lgm/formula";
import { expectedMargins, marginModel } from "../../pricing/lgm/margin-model";
import { insurancePeriod, periodLabels } from "../../pricing/lgm/period";
import { simulateLgmMargins } from "../../pricing/lgm/simulate";
import { LRP_ENDORSEMENT_LENGTHS, LRP_FUTURES } from "../../pricing/lrp/markets";
import { black76Put } from "../../pricing/math/black76";
import { createRandom } from "../../pricing/math/prng";
import { money, roundCents, roundTo } from "../../pricing/money";
import { contractExpiry, FUTURES_CONTRACTS, FUTURES_ROOTS } from "../contracts";
import { addDays, addMonths, daysBetween, formatYearMonth, isoDateToUtc, yearMonthOf } from "../dates";
import {
  type FuturesSettlement,
  type LgmMarginSet,
  type LrpActualEndingValue,
  type LrpRateRow,
  type MarketSnapshot,
  marketSnapshotSchema,
  SAMPLE_MARKET_LABEL,
} from "../snapshot";
import { SAMPLE_CURVES, SAMPLE_HORIZON_MONTHS } from "./curves";

// The sample snapshot the embedded default ships with, for any as-of date: deterministic (the date
// seeds a small day-to-day move of each market), clearly labelled "sample market data".

const LGM_SAMPLE_DRAWS = 500;
const SAMPLE_RISK_FREE_RATE = 0.04;
/** Coverage levels the sample offers, as RMA does roughly from 0.70 to 1.00 (13 steps of 0.025). */
const SAMPLE_LEVEL_STEPS = 13;
/** Put skew: implied volatility rises by this fraction of itself per unit of moneyness below the money. */
const SAMPLE_SKEW = 0.9;

const dayOf = (asOf: string) => Math.round(isoDateToUtc(asOf) / 86_400_000);

/** The day's sample futures, with no rows yet. */
const sampleBase = (asOf: string): MarketSnapshot => ({
  label: SAMPLE_MARKET_LABEL,
  source: "sample",
  asOf,
  riskFreeRate: SAMPLE_RISK_FREE_RATE,
  futures: sampleFutures(asOf, dayOf(asOf)),
  lrpRates: [],
  lrpActualEndingValues: [],
  lgm: [],
});

export function generateSampleSnapshot(asOf: string): MarketSnapshot {
  const day = dayOf(asOf);
  const base = sampleBase(asOf);
  base.lrpRates = sampleLrpRates(base);
  base.lrpActualEndingValues = sampleActualEndingValues(base, day);
  base.lgm = sampleLgm(base, day);
  return marketSnapshotSchema.parse(base);
}

function sampleFutures(asOf: string, day: number): FuturesSettlement[] {
  const random = createRandom(day);
  const out: FuturesSettlement[] = [];
  const start = yearMonthOf(asOf);
  for (const root of FUTURES_ROOTS) {
    const shape = SAMPLE_CURVES[root];
    const shock = Math.exp(0.03 * (2 * random.next() - 1));
    for (let ahead = 0; ahead <= SAMPLE_HORIZON_MONTHS; ahead++) {
      const ym = addMonths(start, ahead);
      if (!FUTURES_CONTRACTS[root].tradingMonths.includes(ym.month - 1)) continue;
      if (contractExpiry(root, ym) < asOf) continue;
      const price =
        shape.level *
        shock *
        (1 + shape.seasonal[ym.month - 1] / 100) *
        (1 + (shape.slopePerMonth * ahead) / 100);
      const settle = Math.round(price / shape.tick) * shape.tick;
      const vol = shape.volatility * (1 - shape.volDecayPerMonth * Math.min(ahead, 10));
      out.push({
        root,
        contractMonth: formatYearMonth(ym),
        settle: Number(settle.toFixed(4)),
        impliedVolatility: Number(vol.toFixed(4)),
      });
    }
  }
  return out;
}

/**
 * The sample LRP rows of one type on one day, without the rest of a snapshot (~1 ms instead of ~45):
 * the same rows generateSampleSnapshot(asOf) holds for the type. For the history's sample days.
 */
export function sampleLrpRatesOf(asOf: string, commodityCode: string, typeCode: string): LrpRateRow[] {
  return sampleLrpRates(sampleBase(asOf), (t) => t.commodityCode === commodityCode && t.code === typeCode);
}

function sampleLrpRates(
  snapshot: MarketSnapshot,
  only: (type: (typeof LRP_TYPES)[number]) => boolean = () => true,
): LrpRateRow[] {
  const rows: LrpRateRow[] = [];
  const cropYear = cropYearOf(snapshot.asOf);
  for (const type of LRP_TYPES.filter(only)) {
    const { root, livePerFutures } = LRP_FUTURES[type.commodityCode];
    const curve = futuresCurve(snapshot, root);
    const unborn = type.classCode === "033";
    for (const weeks of LRP_ENDORSEMENT_LENGTHS) {
      // Unborn animals need time to reach weight: the sample offers them 30 weeks and longer.
      if (unborn && weeks < 30) continue;
      const endDate = addDays(snapshot.asOf, weeks * 7);
      const ref = priceReference(curve, yearMonthOf(endDate));
      if (!ref) continue;
      const eev = roundCents(priceFrom(curve, ref) * livePerFutures);
      const contract = curve[ref.terms[ref.terms.length - 1].contract];
      const atm = contract.impliedVolatility ?? 0.2;
      const years = daysBetween(snapshot.asOf, endDate) / 365;
      for (let i = 0; i < SAMPLE_LEVEL_STEPS; i++) {
        const coveragePrice = i === 0 ? eev : eev.times(1 - 0.025 * i).floor();
        const level = roundTo(coveragePrice.div(eev), 4);
        if (level.lt("0.7")) continue;
        const moneyness = 1 - coveragePrice.toNumber() / eev.toNumber();
        const vol = atm * (1 + SAMPLE_SKEW * moneyness);
        const put = black76Put({
          forward: eev.toNumber(),
          strike: coveragePrice.toNumber(),
          volatility: vol,
          years,
          rate: 0,
        });
        const rate = roundTo(put / coveragePrice.toNumber(), 6);
        rows.push({
          cropYear,
          commodityCode: type.commodityCode,
          typeCode: type.code,
          salesEffectiveDate: snapshot.asOf,
          endDate,
          endorsementLengthWeeks: weeks,
          coverageLevel: level.toNumber(),
          coveragePrice: coveragePrice.toNumber(),
          expectedEndingValue: eev.toNumber(),
          rate: rate.toNumber(),
          costPerCwt: roundTo(coveragePrice.times(rate), 4).toNumber(),
          priceAdjustmentFactor: money(type.priceAdjustmentFactor ?? 1).toNumber(),
        });
      }
    }
  }
  return rows;
}

function sampleActualEndingValues(snapshot: MarketSnapshot, day: number): LrpActualEndingValue[] {
  const random = createRandom(day + 1);
  const out: LrpActualEndingValue[] = [];
  for (const type of LRP_TYPES) {
    const { root, livePerFutures } = LRP_FUTURES[type.commodityCode];
    const curve = futuresCurve(snapshot, root);
    if (curve.length === 0) continue;
    for (let w = 1; w <= 4; w++) {
      const endDate = addDays(snapshot.asOf, -7 * w);
      const value = curve[0].settle * livePerFutures * (1 + 0.02 * (2 * random.next() - 1));
      out.push({
        commodityCode: type.commodityCode,
        typeCode: type.code,
        endDate,
        actualEndingValue: roundCents(value).toNumber(),
      });
    }
  }
  return out;
}

function sampleLgm(snapshot: MarketSnapshot, day: number): LgmMarginSet[] {
  const out: LgmMarginSet[] = [];
  for (const type of LGM_TYPES) {
    // Dairy has no default feed weights (catalogue), so RMA-style draws cannot be made for it.
    if (type.inputs.some((i) => i.default === null)) continue;
    const months = insurancePeriod(type.commodityCode, snapshot.asOf);
    const model = marginModel(snapshot, marginTerms(type.commodityCode, type.code), months);
    const expected = expectedMargins(model).map((v) => roundCents(v).toNumber());
    const matrix = simulateLgmMargins(model, snapshot.asOf, LGM_SAMPLE_DRAWS, day + Number(type.code));
    const draws: number[][] = [];
    for (let i = 0; i < matrix.draws; i++) {
      const row: number[] = [];
      for (let m = 0; m < matrix.months; m++)
        row.push(Math.round(matrix.values[i * matrix.months + m] * 100) / 100);
      draws.push(row);
    }
    out.push({
      commodityCode: type.commodityCode,
      typeCode: type.code,
      salesEffectiveDate: snapshot.asOf,
      marketingMonths: periodLabels(months),
      expectedGrossMargins: expected,
      draws,
    });
  }
  return out;
}
