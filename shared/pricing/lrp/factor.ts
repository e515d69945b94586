import { reinsuranceYear } from "../../book/crop-year";
import type { LrpRateRow } from "../../market/snapshot";
import { type Money, money } from "../money";

// The price adjustment factor (PAF) of an LRP type, and whether RMA's published values already hold it.
//
// RMA's A00630 layout carries a "Price Adjustment Factor" column (Numeric, format 9.99) in every
// reinsurance year 2011–2025 (A00010_AdmLayout rows, ../../market/layouts). Two cases:
// - **inside**: the column is empty and the factor is already inside the Expected Ending Value and
//   Coverage Price. RY2024's real daily file (2023-12-14, tests/fixtures/rma/) is so on every row: type
//   809's expected ending value is exactly 1.1 × type 810's, 812's and 814's 0.9 ×, 817's 1.05 ×, 815's,
//   816's and 819's 0.5 × (`tests/integration/market/rma-real-file.test.ts` checks every one). The
//   premium such a row implies is coverage price × cwt × rate: the factor applies as 1.
// - **apart**: the row carries the factor and its values exclude it: it is applied once.
// Which case a reinsurance year is in is data (LRP_FACTOR_BY_YEAR, each with its source). A row prices by
// what it says (empty: inside, filled: apart); a row of a named year that contradicts the year is
// refused by the importer (factorContradiction), never priced on a guess; a year the data does not
// name follows its rows.
// Values that are not RMA's published ones (a what-if expected ending value, or one from the futures
// curve when RMA has no row) exclude the factor: there the catalogue's factor (or the request's) applies.
// A value is compared with a coverage's coverage price on the coverage's basis (onCoverageBasis).

export type FactorPublication = "inside" | "apart";

export interface LrpFactorEvidence {
  reinsuranceYear: number;
  published: FactorPublication;
  /** Where this is known from; "(2nd)" marks a secondary source (not one of RMA's files). */
  source: string;
}

export const LRP_FACTOR_BY_YEAR: readonly LrpFactorEvidence[] = [
  {
    reinsuranceYear: 2024,
    published: "inside",
    source:
      "RMA 2024_ADMLivestockLrp_Daily_20231214.zip (A00630, 57,600 rows, ../shared/rma/): Price Adjustment Factor empty on every row; 809 = 1.1 × 810, 815 = 0.5 × …",
  },
  {
    reinsuranceYear: 2027,
    published: "apart",
    source:
      "(2nd) ../shared/DOMAIN.md: the PAF is read per offer from RMA's daily data (dairy and unborn PAFs vary by end month), the spec's factors are 'pre-2026'; docs/market-data.md S1 §4.1: the factor column is empty only in older files (S1 parsed RMA's 2026-08-05 file, RY2027)",
  },
];

/** The evidence of a reinsurance year, or undefined when the data does not name it. */
export const lrpFactorEvidence = (year: number): LrpFactorEvidence | undefined =>
  LRP_FACTOR_BY_YEAR.find((e) => e.reinsuranceYear === year);

/** The case a published row is in, as the row says it: an empty factor is inside, a filled one apart. */
export const rowFactorPublication = (row: Pick<LrpRateRow, "priceAdjustmentFactor">): FactorPublication =>
  row.priceAdjustmentFactor === undefined ? "inside" : "apart";

/**
 * Why a row cannot be priced under its year's case, or null. Inside-year rows must leave the factor
 * empty; apart-year rows must carry it for a type that has one (typeFactor ≠ 1): an empty factor there
 * would price the type without it.
 */
export function factorContradiction(
  row: Pick<LrpRateRow, "priceAdjustmentFactor" | "salesEffectiveDate">,
  typeFactor: string | null,
): string | null {
  const evidence = lrpFactorEvidence(reinsuranceYear(row.salesEffectiveDate));
  if (!evidence) return null;
  if (evidence.published === "inside" && row.priceAdjustmentFactor !== undefined)
    return `RY${evidence.reinsuranceYear} publishes the factor inside the values (${evidence.source}), yet this row carries ${row.priceAdjustmentFactor}`;
  if (
    evidence.published === "apart" &&
    row.priceAdjustmentFactor === undefined &&
    !money(typeFactor ?? 1).eq(1)
  )
    return `RY${evidence.reinsuranceYear} publishes the factor apart from the values (${evidence.source}), yet this row leaves it empty for a type whose factor is ${typeFactor}`;
  return null;
}

const ONE = money(1);

/**
 * The factor a premium applies to a published A00630 row's coverage price: 1 when the factor is
 * inside (an empty column), the row's own when it publishes it apart. The row decides; its year's data
 * is held against it when the file is imported (factorContradiction), so the two cannot disagree.
 */
export function publishedRowFactor(row: Pick<LrpRateRow, "priceAdjustmentFactor">): Money {
  return row.priceAdjustmentFactor === undefined ? ONE : money(row.priceAdjustmentFactor);
}

/** The part of a type's factor a value holds: the whole factor when inside, 1 when apart or futures. */
function factorInside(typeFactor: string | null, basis: FactorPublication | "futures"): Money {
  return basis === "inside" ? money(typeFactor ?? 1) : ONE;
}

/**
 * The case a recorded coverage was priced in: its sales date's year when the data names it; else its
 * recorded factor says it (1 for a type with another factor: inside; the type's factor: apart).
 */
export function coverageFactorPublication(
  coverage: { salesDate: string; priceAdjustmentFactor: string },
  typeFactor: string | null,
): FactorPublication {
  const evidence = lrpFactorEvidence(reinsuranceYear(coverage.salesDate));
  if (evidence) return evidence.published;
  return money(coverage.priceAdjustmentFactor).eq(1) && !money(typeFactor ?? 1).eq(1) ? "inside" : "apart";
}

/**
 * A value (an RMA row's expected ending value, or the futures curve's) put on a coverage's basis, so
 * that (coverage price − value) compares like with like: value × the factor inside the coverage's
 * price ÷ the factor inside the value. A coverage bought in an inside year compared with futures:
 * futures × the type's factor; with an apart year's row: row × the type's factor; alike: unchanged.
 * @example onCoverageBasis(money(100), "1.1", "inside", "futures") // 110
 */
export function onCoverageBasis(
  value: Money,
  typeFactor: string | null,
  coverage: FactorPublication,
  valueBasis: FactorPublication | "futures",
): Money {
  return value.times(factorInside(typeFactor, coverage)).div(factorInside(typeFactor, valueBasis));
}
