import type { LrpCommodityCode } from "../../catalogue";
import type { LrpRateRow, MarketSnapshot } from "../../market/snapshot";
import { type Money, money } from "../money";
import { type CmePutComparison, cmePutComparison, type PutContext, putContext } from "./cme-put";
import { publishedRowFactor } from "./factor";

// What LRP quotes need of a snapshot, worked out once per snapshot instead of once per quote:
// - RMA's A00630 rows grouped by commodity, type and sales date, ordered as the offer table shows them
//   (by length, then level from the highest), with their money figures parsed to Decimal and their
//   CME put comparison (it depends on the row and the market only, not on the producer's choices);
// - the futures curve and put caches per commodity and sales date.
// A snapshot is a value: once parsed it is never changed in place (a new market, or a market with
// moved prices, is a new object). So all of this is kept per snapshot object, weakly (it goes when
// the snapshot goes), and a group is prepared the first time it is asked for.

/** One A00630 row with the Decimals a premium needs and its put comparison. */
export interface LrpRateEntry {
  row: LrpRateRow;
  coveragePrice: Money;
  rate: Money;
  /** The factor a premium applies to the row (./factor.ts: 1 when the published values hold it). */
  priceAdjustmentFactor: Money;
  put: CmePutComparison;
}

export interface LrpRateGroup {
  /** The rows in the snapshot's order. */
  rows: readonly LrpRateRow[];
  /** The same rows by length, then level (highest first), prepared. */
  entries: readonly LrpRateEntry[];
}

interface SnapshotIndex {
  groups: Map<string, { rows: LrpRateRow[]; entries?: readonly LrpRateEntry[] }>;
  puts: Map<string, PutContext>;
}

/** ./factor.ts: a row without a factor of its own has it inside its values; one Decimal for all. */
const FACTOR_INSIDE = publishedRowFactor({});

const INDEXES = new WeakMap<MarketSnapshot, SnapshotIndex>();
const EMPTY: LrpRateGroup = { rows: [], entries: [] };

const groupKey = (commodityCode: string, typeCode: string, salesDate: string) =>
  `${commodityCode}/${typeCode}/${salesDate}`;

function indexOf(snapshot: MarketSnapshot): SnapshotIndex {
  let index = INDEXES.get(snapshot);
  if (index) return index;
  index = { groups: new Map(), puts: new Map() };
  for (const row of snapshot.lrpRates) {
    const key = groupKey(row.commodityCode, row.typeCode, row.salesEffectiveDate);
    const group = index.groups.get(key);
    if (group) group.rows.push(row);
    else index.groups.set(key, { rows: [row] });
  }
  INDEXES.set(snapshot, index);
  return index;
}

/** The futures curve and put caches for a commodity's endorsements sold on `salesDate`. */
export function lrpPutContext(
  snapshot: MarketSnapshot,
  commodity: LrpCommodityCode,
  salesDate: string,
): PutContext {
  const puts = indexOf(snapshot).puts;
  const key = `${commodity}/${salesDate}`;
  let ctx = puts.get(key);
  if (!ctx) {
    ctx = putContext(snapshot, commodity);
    puts.set(key, ctx);
  }
  return ctx;
}

function prepare(
  rows: readonly LrpRateRow[],
  ctx: PutContext,
  commodity: LrpCommodityCode,
  salesDate: string,
): readonly LrpRateEntry[] {
  // Equal numbers share one Decimal (a type's rows repeat coverage prices across lengths and usually
  // have one PAF), so a table can key its caches by identity.
  const decimals = new Map<number, Money>();
  const decimal = (value: number) => {
    let d = decimals.get(value);
    if (!d) {
      d = money(value);
      decimals.set(value, d);
    }
    return d;
  };
  // A stable sort keeps the snapshot's order among rows of the same length and level.
  return [...rows]
    .sort((a, b) => a.endorsementLengthWeeks - b.endorsementLengthWeeks || b.coverageLevel - a.coverageLevel)
    .map((row) => ({
      row,
      coveragePrice: decimal(row.coveragePrice),
      rate: money(row.rate),
      priceAdjustmentFactor:
        row.priceAdjustmentFactor === undefined ? FACTOR_INSIDE : decimal(row.priceAdjustmentFactor),
      put: cmePutComparison(ctx, commodity, salesDate, row.endDate, row.coveragePrice),
    }));
}

/** The snapshot's rate rows for a commodity, type and sales date. */
export function lrpRateGroup(
  snapshot: MarketSnapshot,
  commodity: LrpCommodityCode,
  typeCode: string,
  salesDate: string,
): LrpRateGroup {
  const group = indexOf(snapshot).groups.get(groupKey(commodity, typeCode, salesDate));
  if (!group) return EMPTY;
  if (!group.entries)
    group.entries = prepare(group.rows, lrpPutContext(snapshot, commodity, salesDate), commodity, salesDate);
  return { rows: group.rows, entries: group.entries };
}
