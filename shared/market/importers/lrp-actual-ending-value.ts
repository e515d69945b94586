import { admRowCheck } from "../layouts/row-check";
import type { LrpActualEndingValue } from "../snapshot";
import { ADM_COMMON_COLUMNS, admRowIsLive, OfferDeduper } from "./adm";
import { type ColumnSpec, cellError, readDelimited } from "./delimited";

// RMA ADM member A00620_LrpActualEndingValue: the actual ending value per state, commodity, type,
// practice and end date, published once the end date has passed. Rows repeat per state with the same
// value; a row whose value is still empty is not published yet and is left out.

const COLUMNS = [
  ...ADM_COMMON_COLUMNS,
  { key: "commodityCode", header: "Commodity Code", type: "code4" },
  { key: "typeCode", header: "Type Code", type: "code3" },
  { key: "endDate", header: "End Date", type: "date" },
  { key: "actualEndingValue", header: "Actual Ending Value Amount", type: "decimal", optional: true },
] as const satisfies readonly ColumnSpec[];

export function importLrpActualEndingValues(
  text: string,
  file = "A00620_LrpActualEndingValue",
): LrpActualEndingValue[] {
  const values = new OfferDeduper<LrpActualEndingValue>(file, "this row's Actual Ending Value Amount");
  const out: LrpActualEndingValue[] = [];
  // RMA's layout of the file's reinsurance year, when the data has it: header, types, business keys.
  const byLayout = admRowCheck(text, file, "A00620", COLUMNS);
  for (const row of readDelimited(text, file, "|", byLayout ? [...COLUMNS, ...byLayout.columns] : COLUMNS, {
    repeats: { ignoring: ["State Code"], mode: "skip" },
  })) {
    byLayout?.check(row);
    if (!admRowIsLive(file, row, { recordType: "A00620", planCode: "81" })) continue;
    const v = row.values;
    if (v.actualEndingValue === undefined) continue;
    if ((v.actualEndingValue as number) < 0)
      throw cellError(file, row, "actualEndingValue", "Actual Ending Value Amount", "must not be negative");
    const value: LrpActualEndingValue = {
      commodityCode: v.commodityCode as string,
      typeCode: v.typeCode as string,
      endDate: v.endDate as string,
      actualEndingValue: v.actualEndingValue as number,
    };
    const key = [value.commodityCode, value.typeCode, v.practiceCode ?? "", value.endDate].join("|");
    const where = (m: string) => cellError(file, row, "actualEndingValue", "Actual Ending Value Amount", m);
    if (values.keep(key, value, row.line, where)) out.push(value);
  }
  return out;
}
