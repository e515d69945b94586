import { FUTURES_ROOTS } from "../shared/market/contracts";
import { isIsoDate } from "../shared/market/dates";
import type { MarketSnapshot } from "../shared/market/snapshot";

// The market snapshot's rule without zod, for the pricing worker (docs/first-visit.md): setMarket checks the
// snapshot (its LRP part first, then the whole one) with this, so the first quote screen does not
// download zod. Not a second definition: `marketSnapshotSchema` (shared/market/snapshot.ts) stays the
// rule, and snapshot-check.test.ts holds this function to it with a property test (same verdict, the
// same output when accepted: unknown keys dropped as zod drops them). It says only "accepted, with
// this snapshot" or "refused": the worker then parses with the schema for the field and the message.

type Check = (value: unknown) => { ok: true; value: unknown } | undefined;

const accept = (value: unknown) => ({ ok: true as const, value });
const test =
  (predicate: (v: unknown) => boolean): Check =>
  (v) =>
    predicate(v) ? accept(v) : undefined;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const number = (min = -Infinity, max = Infinity, above?: number): Check =>
  test((v) => isNumber(v) && v >= min && v <= max && (above === undefined || v > above));
const positive = (max = Infinity) => number(-Infinity, max, 0);
const int = test((v) => Number.isSafeInteger(v));
const matching = (pattern: RegExp) => test((v) => typeof v === "string" && pattern.test(v));
const string = (min = 0, max = Infinity) =>
  test((v) => typeof v === "string" && v.length >= min && v.length <= max);
const oneOf = (values: readonly string[]) => test((v) => values.includes(v as string));
const isoDate = test((v) => typeof v === "string" && isIsoDate(v));
const yearMonth = matching(/^\d{4}-(0[1-9]|1[0-2])$/);
const code = (digits: number) => matching(new RegExp(`^\\d{${digits}}$`));

const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined ? accept(v) : check(v);

const array =
  (item: Check, min = 0): Check =>
  (v) => {
    if (!Array.isArray(v) || v.length < min) return undefined;
    const out: unknown[] = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const r = item(v[i]);
      if (!r) return undefined;
      out[i] = r.value;
    }
    return accept(out);
  };

/** zod's (non-strict) z.object: the shape's keys checked and kept, any other key dropped. */
const object =
  (shape: Record<string, Check>, refine?: (o: Record<string, unknown>) => boolean): Check =>
  (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
    const given = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key in shape) {
      const r = shape[key](given[key]);
      if (!r) return undefined;
      if (r.value !== undefined || key in given) out[key] = r.value;
    }
    return refine && !refine(out) ? undefined : accept(out);
  };

const futuresSettlement = object({
  root: oneOf(FUTURES_ROOTS),
  contractMonth: yearMonth,
  settle: positive(),
  impliedVolatility: optional(positive(5)),
});

const lrpRateRow = object({
  cropYear: int,
  commodityCode: code(4),
  typeCode: code(3),
  salesEffectiveDate: isoDate,
  endDate: isoDate,
  endorsementLengthWeeks: test((v) => Number.isSafeInteger(v) && (v as number) > 0),
  coverageLevel: positive(1),
  coveragePrice: positive(),
  expectedEndingValue: positive(),
  rate: number(0),
  costPerCwt: number(0),
  priceAdjustmentFactor: optional(positive()),
});

const lrpActualEndingValue = object({
  commodityCode: code(4),
  typeCode: code(3),
  endDate: isoDate,
  actualEndingValue: number(0),
});

const lgmMarginSet = object(
  {
    commodityCode: code(4),
    typeCode: code(3),
    stateCode: optional(code(2)),
    salesEffectiveDate: isoDate,
    marketingMonths: array(yearMonth, 1),
    expectedGrossMargins: array(number()),
    draws: optional(array(array(number()))),
  },
  (set) => {
    const months = (set.marketingMonths as unknown[]).length;
    return (
      (set.expectedGrossMargins as unknown[]).length === months &&
      ((set.draws as unknown[][] | undefined) ?? []).every((row) => row.length === months)
    );
  },
);

const snapshotSource = object({
  part: oneOf(["lrpRates", "lrpActualEndingValues", "lgm", "futures"]),
  name: string(1, 200),
  date: optional(isoDate),
  url: optional(string(0, 2000)),
  fetchedAt: optional(string(0, 40)),
});

const marketSnapshot = object({
  label: string(1),
  source: oneOf(["sample", "rma", "imported"]),
  asOf: isoDate,
  riskFreeRate: number(-0.05, 0.5),
  futures: array(futuresSettlement),
  lrpRates: array(lrpRateRow),
  lrpActualEndingValues: array(lrpActualEndingValue),
  lgm: array(lgmMarginSet),
  sources: optional(array(snapshotSource)),
});

/**
 * The snapshot `marketSnapshotSchema` would parse from `value`, or undefined where the schema would
 * refuse it (then parse with the schema for the reason).
 */
export function checkMarketSnapshot(value: unknown): MarketSnapshot | undefined {
  return marketSnapshot(value)?.value as MarketSnapshot | undefined;
}
