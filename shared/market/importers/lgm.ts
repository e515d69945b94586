import type { LgmMarginSet } from "../snapshot";
import { type ColumnSpec, cellError, type DelimitedRow, importError, readDelimited } from "./delimited";

// RMA ADM members A00600_LgmGrossMargin (expected gross margin per unit, one row per marketing month)
// and A00610_LgmDraw (simulated per-unit margins, one row per draw and marketing month), joined into
// one set per commodity, type, state and sales date. Months YYYYMM.

const KEY_COLUMNS = [
  { key: "commodityCode", header: "Commodity Code", type: "code4" },
  { key: "typeCode", header: "Type Code", type: "code3" },
  { key: "stateCode", header: "State Code", type: "code2", optional: true },
  { key: "salesEffectiveDate", header: "Sales Effective Date", type: "date" },
  { key: "marketingMonth", header: "Marketing Month", type: "month" },
] as const satisfies readonly ColumnSpec[];

const MARGIN_COLUMNS = [
  ...KEY_COLUMNS,
  { key: "expectedGrossMargin", header: "Expected Gross Margin Amount", type: "decimal" },
] as const satisfies readonly ColumnSpec[];

const DRAW_COLUMNS = [
  ...KEY_COLUMNS,
  { key: "drawNumber", header: "Draw Number", type: "int" },
  { key: "grossMargin", header: "Gross Margin Amount", type: "decimal" },
] as const satisfies readonly ColumnSpec[];

type KeyRow = DelimitedRow<(typeof KEY_COLUMNS)[number]["key"]>;
const setKey = (r: KeyRow) =>
  [r.values.commodityCode, r.values.typeCode, r.values.stateCode ?? "", r.values.salesEffectiveDate].join(
    "|",
  );

export function importLgm(
  margins: { text: string; file?: string },
  draws?: { text: string; file?: string },
): LgmMarginSet[] {
  const marginFile = margins.file ?? "A00600_LgmGrossMargin";
  const sets = new Map<string, LgmMarginSet & { monthSet: Set<string> }>();
  for (const row of readDelimited(margins.text, marginFile, "|", MARGIN_COLUMNS)) {
    const key = setKey(row);
    let set = sets.get(key);
    if (!set) {
      set = {
        commodityCode: row.values.commodityCode as string,
        typeCode: row.values.typeCode as string,
        ...(row.values.stateCode !== undefined ? { stateCode: row.values.stateCode as string } : {}),
        salesEffectiveDate: row.values.salesEffectiveDate as string,
        marketingMonths: [],
        expectedGrossMargins: [],
        monthSet: new Set(),
      };
      sets.set(key, set);
    }
    const month = row.values.marketingMonth as string;
    if (set.monthSet.has(month))
      throw cellError(
        marginFile,
        row,
        "marketingMonth",
        "Marketing Month",
        `${month} appears twice for this type and sales date`,
      );
    if (month <= set.salesEffectiveDate.slice(0, 7))
      throw cellError(marginFile, row, "marketingMonth", "Marketing Month", "must be after the sales month");
    set.monthSet.add(month);
    set.marketingMonths.push(month);
    set.expectedGrossMargins.push(row.values.expectedGrossMargin as number);
  }
  for (const set of sets.values()) {
    const order = set.marketingMonths
      .map((m, i) => [m, set.expectedGrossMargins[i]] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1));
    set.marketingMonths = order.map((o) => o[0]);
    set.expectedGrossMargins = order.map((o) => o[1]);
  }

  if (draws) {
    const drawFile = draws.file ?? "A00610_LgmDraw";
    const bySet = new Map<string, Map<number, Map<string, number>>>();
    const firstLine = new Map<string, number>();
    for (const row of readDelimited(draws.text, drawFile, "|", DRAW_COLUMNS)) {
      const key = setKey(row);
      const set = sets.get(key);
      if (!set)
        throw importError(
          drawFile,
          `line ${row.line}`,
          `no expected gross margins in ${marginFile} for this commodity, type, state and sales date`,
        );
      const month = row.values.marketingMonth as string;
      if (!set.monthSet.has(month))
        throw cellError(
          drawFile,
          row,
          "marketingMonth",
          "Marketing Month",
          `${month} is not a marketing month in ${marginFile}`,
        );
      const n = row.values.drawNumber as number;
      if (n < 1) throw cellError(drawFile, row, "drawNumber", "Draw Number", "must be 1 or more");
      let perDraw = bySet.get(key);
      if (!perDraw) {
        perDraw = new Map();
        bySet.set(key, perDraw);
      }
      let months = perDraw.get(n);
      if (!months) {
        months = new Map();
        perDraw.set(n, months);
        firstLine.set(`${key}#${n}`, row.line);
      }
      if (months.has(month))
        throw cellError(drawFile, row, "marketingMonth", "Marketing Month", `draw ${n} has ${month} twice`);
      months.set(month, row.values.grossMargin as number);
    }
    for (const [key, perDraw] of bySet) {
      const set = sets.get(key) as LgmMarginSet;
      set.draws = [...perDraw.keys()]
        .sort((a, b) => a - b)
        .map((n) => {
          const months = perDraw.get(n) as Map<string, number>;
          return set.marketingMonths.map((m) => {
            const value = months.get(m);
            if (value === undefined)
              throw importError(
                drawFile,
                `line ${firstLine.get(`${key}#${n}`)}`,
                `draw ${n} has no row for marketing month ${m}`,
              );
            return value;
          });
        });
    }
  }
  return [...sets.values()].map(({ monthSet: _, ...set }) => set);
}
