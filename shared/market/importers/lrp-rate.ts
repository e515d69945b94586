import type { LrpRateRow } from "../snapshot";
import { type ColumnSpec, cellError, readDelimited } from "./delimited";

// RMA ADM member A00630_LrpRate: one row per commodity, type, sales date, endorsement length and
// coverage price. Dates YYYYMMDD; Livestock Coverage Level Percent as a fraction (0.9512).

const COLUMNS = [
  { key: "cropYear", header: "Commodity Year", type: "int" },
  { key: "commodityCode", header: "Commodity Code", type: "code4" },
  { key: "typeCode", header: "Type Code", type: "code3" },
  { key: "salesEffectiveDate", header: "Sales Effective Date", type: "date" },
  { key: "endDate", header: "End Date", type: "date" },
  { key: "endorsementLengthWeeks", header: "Endorsement Length Count", type: "int" },
  { key: "coveragePrice", header: "Coverage Price", type: "decimal" },
  { key: "expectedEndingValue", header: "Expected Ending Value Amount", type: "decimal" },
  { key: "coverageLevel", header: "Livestock Coverage Level Percent", type: "decimal" },
  { key: "rate", header: "Livestock Rate", type: "decimal" },
  { key: "costPerCwt", header: "Cost Per Cwt Amount", type: "decimal" },
  { key: "priceAdjustmentFactor", header: "Price Adjustment Factor", type: "decimal", optional: true },
] as const satisfies readonly ColumnSpec[];

export const LRP_RATE_COLUMNS = COLUMNS;

export function importLrpRates(text: string, file = "A00630_LrpRate"): LrpRateRow[] {
  return readDelimited(text, file, "|", COLUMNS).map((row) => {
    const v = row.values;
    const level = v.coverageLevel as number;
    if (!(level > 0 && level <= 1))
      throw cellError(
        file,
        row,
        "coverageLevel",
        "Livestock Coverage Level Percent",
        `expected a fraction from 0 to 1, found ${level}`,
      );
    for (const [key, header] of [
      ["coveragePrice", "Coverage Price"],
      ["expectedEndingValue", "Expected Ending Value Amount"],
    ] as const)
      if (!((v[key] as number) > 0)) throw cellError(file, row, key, header, "must be greater than 0");
    if ((v.rate as number) < 0 || (v.rate as number) > 1)
      throw cellError(file, row, "rate", "Livestock Rate", `expected a rate from 0 to 1, found ${v.rate}`);
    if ((v.endDate as string) <= (v.salesEffectiveDate as string))
      throw cellError(file, row, "endDate", "End Date", "must be after the Sales Effective Date");
    if ((v.endorsementLengthWeeks as number) <= 0)
      throw cellError(
        file,
        row,
        "endorsementLengthWeeks",
        "Endorsement Length Count",
        "must be greater than 0",
      );
    return {
      cropYear: v.cropYear as number,
      commodityCode: v.commodityCode as string,
      typeCode: v.typeCode as string,
      salesEffectiveDate: v.salesEffectiveDate as string,
      endDate: v.endDate as string,
      endorsementLengthWeeks: v.endorsementLengthWeeks as number,
      coverageLevel: level,
      coveragePrice: v.coveragePrice as number,
      expectedEndingValue: v.expectedEndingValue as number,
      rate: v.rate as number,
      costPerCwt: v.costPerCwt as number,
      ...(v.priceAdjustmentFactor !== undefined
        ? { priceAdjustmentFactor: v.priceAdjustmentFactor as number }
        : {}),
    };
  });
}
