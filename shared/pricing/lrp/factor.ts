import type { LrpRateRow } from "../../market/snapshot";
import { type Money, money } from "../money";

// The price adjustment factor (PAF) of an LRP type, and whether RMA's published values already hold it.
//
// RMA's A00630 layout carries a "Price Adjustment Factor" column (Numeric, format 9.99) in every
// reinsurance year 2011–2025 (A00010_AdmLayout rows in tests/fixtures/rma/). What a row means by it is
// read from the row, because that is the only evidence RMA gives:
// - **Empty** (RY2024: every row of RMA's real daily file 2023-12-14, tests/fixtures/rma/): the factor
//   is already inside the Expected Ending Value and Coverage Price. In that file type 809's expected
//   ending value is exactly 1.1 × type 810's, 812's and 814's 0.9 ×, 817's 1.05 ×, 815's, 816's and 819's
//   0.5 × (`tests/integration/market/rma-real-file.test.ts` checks every one). The premium such a row
//   implies is coverage price × cwt × rate, so the factor applies as 1.
// - **Filled**: the row publishes the factor apart from its values, so it is applied once.
// Values that are not RMA's published ones (a what-if expected ending value, or one from the futures
// curve when RMA has no row) exclude the factor: there the catalogue's factor (or the request's) applies.
// LRP_FACTOR_EVIDENCE keeps what was checked per reinsurance year; add a year when a real file is read.

export interface LrpFactorEvidence {
  reinsuranceYear: number;
  /** "inside": the published values include the factor; "apart": the column carries it. */
  published: "inside" | "apart";
  source: string;
}

export const LRP_FACTOR_EVIDENCE: readonly LrpFactorEvidence[] = [
  {
    reinsuranceYear: 2024,
    published: "inside",
    source:
      "RMA 2024_ADMLivestockLrp_Daily_20231214.zip (A00630, 57,600 rows): Price Adjustment Factor empty on every row; 809 = 1.1 × 810 etc.",
  },
];

const ONE = money(1);

/** The factor a premium applies to a published A00630 row's coverage price. */
export function publishedRowFactor(row: Pick<LrpRateRow, "priceAdjustmentFactor">): Money {
  return row.priceAdjustmentFactor === undefined ? ONE : money(row.priceAdjustmentFactor);
}
