import type { ColumnSpec, DelimitedRow } from "./delimited";
import { cellError } from "./delimited";

// What RMA's Actuarial Data Master (ADM) livestock members share (docs/market-data.md has the sources):
// pipe-delimited text with a header row of column names, codes with their leading zeros, dates
// YYYYMMDD, decimals with a point, empty cells for values not published. Every member starts with the
// record type ("A00630" …) and carries the reinsurance and commodity years, the insurance plan (81 LRP,
// 82 LGM), state, type and practice codes. A member holds a row per state where the plan is offered;
// the values are national, so rows that differ only by state are one offer.

/** Columns every livestock member may carry; optional so that a trimmed file still reads. */
export const ADM_COMMON_COLUMNS = [
  { key: "recordTypeCode", header: "Record Type Code", type: "text", optional: true },
  { key: "reinsuranceYear", header: "Reinsurance Year", type: "int", optional: true },
  { key: "insurancePlanCode", header: "Insurance Plan Code", type: "code2", optional: true },
  { key: "stateCode", header: "State Code", type: "code2", optional: true },
  { key: "practiceCode", header: "Practice Code", type: "code3", optional: true },
  { key: "deletedDate", header: "Deleted Date", type: "date", optional: true },
] as const satisfies readonly ColumnSpec[];

type CommonKey = (typeof ADM_COMMON_COLUMNS)[number]["key"];

/**
 * Checks a row's record type and plan against the member's, and says whether the row is live: ADM
 * rows with a Deleted Date are withdrawn records and are left out.
 */
export function admRowIsLive<K extends string>(
  file: string,
  row: DelimitedRow<K | CommonKey>,
  member: { recordType: string; planCode: string },
): boolean {
  const v = row.values;
  if (v.recordTypeCode !== undefined && v.recordTypeCode !== member.recordType)
    throw cellError(
      file,
      row,
      "recordTypeCode",
      "Record Type Code",
      `expected ${member.recordType}, found "${v.recordTypeCode}" (is this the right ADM member?)`,
    );
  if (v.insurancePlanCode !== undefined && v.insurancePlanCode !== member.planCode)
    throw cellError(
      file,
      row,
      "insurancePlanCode",
      "Insurance Plan Code",
      `expected ${member.planCode}, found "${v.insurancePlanCode}"`,
    );
  return v.deletedDate === undefined;
}

/**
 * Keeps one of each offer: rows with the same key and the same figures (the same offer in another
 * state) are one; the same key with different figures is an error naming both lines.
 */
export class OfferDeduper<T> {
  private readonly seen = new Map<string, { line: number; value: string }>();

  constructor(
    private readonly file: string,
    private readonly what: string,
  ) {}

  /** True when the row is new, false when it repeats an offer already kept. */
  keep(key: string, value: T, line: number, where: (message: string) => Error): boolean {
    const text = Object.values(value as object).join("|");
    const earlier = this.seen.get(key);
    if (!earlier) {
      this.seen.set(key, { line, value: text });
      return true;
    }
    if (earlier.value === text) return false;
    throw where(`${this.what} differs from line ${earlier.line} of ${this.file} for the same offer`);
  }
}
