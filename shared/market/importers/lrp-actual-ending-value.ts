import type { LrpActualEndingValue } from "../snapshot";
import { type ColumnSpec, cellError, readDelimited } from "./delimited";

// RMA ADM member A00620_LrpActualEndingValue: the actual ending value per commodity, type and end date.

const COLUMNS = [
  { key: "commodityCode", header: "Commodity Code", type: "code4" },
  { key: "typeCode", header: "Type Code", type: "code3" },
  { key: "endDate", header: "End Date", type: "date" },
  { key: "actualEndingValue", header: "Actual Ending Value Amount", type: "decimal" },
] as const satisfies readonly ColumnSpec[];

export function importLrpActualEndingValues(
  text: string,
  file = "A00620_LrpActualEndingValue",
): LrpActualEndingValue[] {
  return readDelimited(text, file, "|", COLUMNS).map((row) => {
    const v = row.values;
    if ((v.actualEndingValue as number) < 0)
      throw cellError(file, row, "actualEndingValue", "Actual Ending Value Amount", "must not be negative");
    return {
      commodityCode: v.commodityCode as string,
      typeCode: v.typeCode as string,
      endDate: v.endDate as string,
      actualEndingValue: v.actualEndingValue as number,
    };
  });
}
