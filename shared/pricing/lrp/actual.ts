import type { MarketSnapshot } from "../../market/snapshot";
import { type LrpCoverageTerms, type LrpOutcome, lrpOutcome } from "./indemnity";

/** RMA's actual ending value (A00620) for a commodity, type and end date, if the snapshot has it. */
export function actualEndingValue(
  snapshot: MarketSnapshot,
  commodityCode: string,
  typeCode: string,
  endDate: string,
): number | null {
  const row = snapshot.lrpActualEndingValues.find(
    (r) => r.commodityCode === commodityCode && r.typeCode === typeCode && r.endDate === endDate,
  );
  return row ? row.actualEndingValue : null;
}

/** The settled outcome of an endorsement whose actual ending value RMA has published; null before then. */
export function settledLrpOutcome(
  snapshot: MarketSnapshot,
  commodityCode: string,
  typeCode: string,
  endDate: string,
  terms: LrpCoverageTerms,
): LrpOutcome | null {
  const value = actualEndingValue(snapshot, commodityCode, typeCode, endDate);
  return value === null ? null : lrpOutcome(terms, value);
}
