import { LRP_TYPES } from "../../catalogue/lrp-types";
import { factorContradiction } from "../../pricing/lrp/factor";
import { admField, admFormatProblem, admLayoutOfFile, admOfferKeys } from "../layouts";
import type { LrpRateRow } from "../snapshot";
import { ADM_COMMON_COLUMNS, admRowIsLive, OfferDeduper } from "./adm";
import { type ColumnSpec, cellError, importError, readDelimited } from "./delimited";

// RMA ADM member A00630_LrpRate (daily, in {RY}_ADMLivestockLrp_Daily_{YYYYMMDD}.zip): one row per
// state, commodity, type, practice, sales date, endorsement length and coverage price. Columns are
// found by header name (docs/market-data.md lists them and where each fact comes from). Livestock
// Coverage Level Percent is a fraction (0.9500); Cost Per Cwt Amount is the total premium per cwt,
// Livestock Rate × Coverage Price; Price Adjustment Factor is empty in files before it was published
// on its own (then it is already inside the expected ending value).

const COLUMNS = [
  ...ADM_COMMON_COLUMNS,
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

/** RMA prints Cost Per Cwt Amount as Livestock Rate × Coverage Price; more than this apart is a bad row. */
const COST_TOLERANCE = 0.002;
/**
 * Coverage Price is Expected Ending Value × level rounded to the cent; the level itself is printed with
 * 4 decimals, so the product can be off by half a cent plus half a unit of the level's last place.
 */
const priceTolerance = (expectedEndingValue: number) => 0.005 + expectedEndingValue * 0.00005 + 1e-9;

/**
 * How a file is read by its reinsurance year's RMA layout (../layouts): its header checked field for
 * field, its numbers against the layout's formats, and its offers named by the layout's business keys.
 * Without a layout for the year (RY2026 on, not yet in the data): by header names, offers keyed by
 * commodity, type, practice, sales date, length and coverage price.
 */
function layoutReading(text: string, file: string) {
  const layout = admLayoutOfFile(text, file, "A00630");
  if (!layout) return null;
  const keys: ColumnSpec[] = admOfferKeys(layout).map((name) => ({
    key: `key:${name}`,
    header: name,
    type: "text",
    optional: true,
  }));
  const formats = COLUMNS.flatMap((c) => {
    const field = c.type === "decimal" || c.type === "int" ? admField(layout, c.header) : undefined;
    return field ? [{ key: c.key, header: c.header, field }] : [];
  });
  return { keys, formats };
}

/** The catalogue's (pre-2026) factor of a type, null when it has none or is not in the catalogue. */
const typeFactor = (commodityCode: string, typeCode: string): string | null =>
  LRP_TYPES.find((t) => t.commodityCode === commodityCode && t.code === typeCode)?.priceAdjustmentFactor ??
  null;

export function importLrpRates(text: string, file = "A00630_LrpRate"): LrpRateRow[] {
  const offers = new OfferDeduper<LrpRateRow>(file, "this row's rate, price or dates");
  const out: LrpRateRow[] = [];
  const byLayout = layoutReading(text, file);
  const columns: readonly ColumnSpec[] = byLayout ? [...COLUMNS, ...byLayout.keys] : COLUMNS;
  for (const row of readDelimited(text, file, "|", columns, {
    repeats: { ignoring: ["State Code"], mode: "skip" },
  })) {
    if (!admRowIsLive(file, row, { recordType: "A00630", planCode: "81" })) continue;
    const v = row.values;
    for (const { key, header, field } of byLayout?.formats ?? []) {
      const value = v[key];
      const problem = typeof value === "number" ? admFormatProblem(value, field) : null;
      if (problem) throw cellError(file, row, key, header, problem);
    }
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
    const rate = v.rate as number;
    const price = v.coveragePrice as number;
    if (rate < 0 || rate > 1)
      throw cellError(file, row, "rate", "Livestock Rate", `expected a rate from 0 to 1, found ${rate}`);
    if (
      Math.abs(price - (v.expectedEndingValue as number) * level) >
      priceTolerance(v.expectedEndingValue as number)
    )
      throw cellError(
        file,
        row,
        "coveragePrice",
        "Coverage Price",
        `expected Expected Ending Value Amount × Livestock Coverage Level Percent (${((v.expectedEndingValue as number) * level).toFixed(2)}), found ${price}`,
      );
    if (Math.abs((v.costPerCwt as number) - rate * price) > COST_TOLERANCE)
      throw cellError(
        file,
        row,
        "costPerCwt",
        "Cost Per Cwt Amount",
        `expected Livestock Rate × Coverage Price (${(rate * price).toFixed(4)}), found ${v.costPerCwt}`,
      );
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
    const offer: LrpRateRow = {
      cropYear: v.cropYear as number,
      commodityCode: v.commodityCode as string,
      typeCode: v.typeCode as string,
      salesEffectiveDate: v.salesEffectiveDate as string,
      endDate: v.endDate as string,
      endorsementLengthWeeks: v.endorsementLengthWeeks as number,
      coverageLevel: level,
      coveragePrice: price,
      expectedEndingValue: v.expectedEndingValue as number,
      rate,
      costPerCwt: v.costPerCwt as number,
      ...(v.priceAdjustmentFactor !== undefined
        ? { priceAdjustmentFactor: v.priceAdjustmentFactor as number }
        : {}),
    };
    // The reinsurance year's case (../../pricing/lrp/factor.ts): a row that contradicts it is refused.
    const contradiction = factorContradiction(offer, typeFactor(offer.commodityCode, offer.typeCode));
    if (contradiction)
      throw row.columnOf.priceAdjustmentFactor === undefined
        ? importError(file, `line ${row.line}`, contradiction)
        : cellError(file, row, "priceAdjustmentFactor", "Price Adjustment Factor", contradiction);
    const key = byLayout
      ? byLayout.keys.map((k) => v[k.key] ?? "").join("|")
      : [
          offer.commodityCode,
          offer.typeCode,
          v.practiceCode ?? "",
          offer.salesEffectiveDate,
          offer.endorsementLengthWeeks,
          offer.coveragePrice,
        ].join("|");
    if (offers.keep(key, offer, row.line, (m) => importError(file, `line ${row.line}`, m))) out.push(offer);
  }
  return out;
}
