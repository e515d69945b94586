import { LGM_TYPES } from "../../catalogue/lgm-types";
import { addMonths, formatYearMonth, yearMonthOf } from "../dates";
import { admRowCheck } from "../layouts/row-check";
import type { LgmMarginSet } from "../snapshot";
import { ADM_COMMON_COLUMNS, admRowIsLive } from "./adm";
import { type ColumnSpec, cellError, type DelimitedRow, importError, readDelimited } from "./delimited";

// RMA ADM members A00600_LgmGrossMargin and A00610_LgmDraw (daily, in
// {RY}_ADMLivestockLgm_Daily_{YYYYMMDD}.zip), in the "wide" layout RMA publishes since reinsurance
// year 2023 (docs/market-data.md: columns and where each fact comes from):
// - one A00600 row per state, type and sales date with "Month2 … Month11 Expected Gross Margin Amount"
//   (MonthN is the Nth month of the insurance period: the sales month + N; month 1 is never insured, so
//   RMA publishes no value for it). Swine rows carry the margin per head directly. Cattle publish one
//   row per component, told apart by Market Symbol Code — LE live cattle and GF feeder cattle $/cwt,
//   C corn $/bu — with the default weights in "… Equivalent Default Value"; the margin per head is
//   LE × live weight − GF × feeder weight − C × corn bushels. Dairy: DA milk, C corn, SM soybean meal.
// - A00610: 500 draws per state, type and sales date ("Margin Draw Number"), "MonthN Margin Draw Amount"
//   for a margin published whole, and "Live Cattle MonthN …", "Feeder Cattle MonthN …",
//   "Corn MonthN …" (dairy: "Dairy", "Corn", "SoyM") for the components on the same row; older files
//   give a component per row with its Market Symbol Code and the plain MonthN columns. Both read.
// Margins and draws are the same in every state, so when two or more states publish identical sets they
// are kept once, without a state code (any state's quote uses it); a state whose figures differ keeps
// its own set.
// Reinsurance years up to 2022 published A00600 in a "long" layout: one row per "Calendar Month
// Number" (RMA's A00010 layout: "1,2,…11", the month of the insurance period) with one "Expected Gross
// Margin Amount"; its rows are folded into the same months (month 1 is never insured: its row is read
// past). RY2014–2021, and the first RY2022 layout version (40), have no Sales Effective Date in A00600
// or A00610: there the Practice Code names the insurance period (RMA's Practice table: cattle and dairy
// 901–912 "Jan. - Nov. Insurance Period" …, swine 801–812), which begins the month after its sales
// month. Such a file is read for the sales date it is imported as (the file's date): rows of the
// insurance period that date sells are dated with it; rows of other insurance periods (RMA republishes
// earlier periods' rows) are left out. Without a sales date such a file is refused with that reason.

const MONTHS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

interface Leg {
  symbol: string;
  /** +1 for what is sold, −1 for what is bought. */
  sign: 1 | -1;
  /** A00600 column with RMA's default weight, and the catalogue input of the same weight. */
  weightHeader: string | null;
  input: string;
  /** Prefix of this leg's A00610 columns on a one-row-per-draw file. */
  drawPrefix: string;
}

const LEGS: Readonly<Record<string, readonly Leg[]>> = {
  "0803": [
    {
      symbol: "LE",
      sign: 1,
      weightHeader: "Live Cattle Equivalent Default Value",
      input: "liveCattle",
      drawPrefix: "Live Cattle ",
    },
    {
      symbol: "GF",
      sign: -1,
      weightHeader: "Feeder Cattle Equivalent Default Value",
      input: "feederCattle",
      drawPrefix: "Feeder Cattle ",
    },
    {
      symbol: "C",
      sign: -1,
      weightHeader: "Corn Equivalent Default Value",
      input: "corn",
      drawPrefix: "Corn ",
    },
  ],
  "0847": [
    {
      symbol: "DA",
      sign: 1,
      weightHeader: null,
      input: "classIIIMilk",
      drawPrefix: "Dairy ",
    },
    {
      symbol: "C",
      sign: -1,
      weightHeader: "Corn Equivalent Default Value",
      input: "corn",
      drawPrefix: "Corn ",
    },
    {
      symbol: "SM",
      sign: -1,
      weightHeader: "Soybean Meal Equivalent Default Value",
      input: "soybeanMeal",
      drawPrefix: "SoyM ",
    },
  ],
};

const WEIGHT_HEADERS = [
  ["liveCattleWeight", "Live Cattle Equivalent Default Value"],
  ["feederCattleWeight", "Feeder Cattle Equivalent Default Value"],
  ["cornWeight", "Corn Equivalent Default Value"],
  ["soybeanMealWeight", "Soybean Meal Equivalent Default Value"],
] as const;

const monthKey = (prefix: string, n: number, what: string) => `${prefix}Month${n} ${what}`;
const MARGIN_KEYS = MONTHS.map((n) => monthKey("", n, "Expected Gross Margin Amount"));
/** The MonthN draw columns of each prefix, made once (rows are many). */
const drawKeys = new Map<string, string[]>();
const drawKeysOf = (prefix: string) => {
  let keys = drawKeys.get(prefix);
  if (!keys) {
    keys = MONTHS.map((n) => monthKey(prefix, n, "Margin Draw Amount"));
    drawKeys.set(prefix, keys);
  }
  return keys;
};

const KEY_COLUMNS: ColumnSpec[] = [
  ...ADM_COMMON_COLUMNS,
  { key: "commodityCode", header: "Commodity Code", type: "code4" },
  { key: "typeCode", header: "Type Code", type: "code3" },
  { key: "marketSymbolCode", header: "Market Symbol Code", type: "text", optional: true },
  // Required unless the layout dates its rows through the Practice Code (salesDating below).
  { key: "salesEffectiveDate", header: "Sales Effective Date", type: "date", optional: true },
];

/** The long layout's month and margin columns (reinsurance year 2022). */
const LONG_MONTH = "Calendar Month Number";
const LONG_MARGIN = "Expected Gross Margin Amount";
const MARGIN_COLUMNS: ColumnSpec[] = [
  ...KEY_COLUMNS,
  { key: "calendarMonthNumber", header: LONG_MONTH, type: "int", optional: true },
  { key: "expectedGrossMarginAmount", header: LONG_MARGIN, type: "decimal", optional: true },
  ...MONTHS.map((n) => {
    const header = monthKey("", n, "Expected Gross Margin Amount");
    return { key: header, header, type: "decimal", optional: true } as const;
  }),
  ...WEIGHT_HEADERS.map(([key, header]) => ({ key, header, type: "decimal", optional: true }) as const),
];

const DRAW_PREFIXES = ["", ...new Set(Object.values(LEGS).flatMap((legs) => legs.map((l) => l.drawPrefix)))];
const DRAW_COLUMNS: ColumnSpec[] = [
  ...KEY_COLUMNS,
  { key: "drawNumber", header: "Margin Draw Number", type: "int" },
  ...DRAW_PREFIXES.flatMap((prefix) =>
    MONTHS.map((n) => {
      const header = monthKey(prefix, n, "Margin Draw Amount");
      return { key: header, header, type: "decimal", optional: true } as const;
    }),
  ),
];

type Row = DelimitedRow<string>;
/** Rows repeated per state are read once (their other states share the parsed values). */
const STATE_REPEATS = { repeats: { ignoring: ["State Code"], mode: "reuse" } } as const;
const num = (row: Row, key: string) => row.values[key] as number | undefined;
const setKey = (r: Row) =>
  [r.values.commodityCode, r.values.typeCode, r.values.stateCode ?? "", r.values.salesEffectiveDate].join(
    "|",
  );

interface SetDraft {
  commodityCode: string;
  typeCode: string;
  stateCode?: string;
  salesEffectiveDate: string;
  /** Per leg ("" for a margin published whole): MonthN values; and the line each came from. */
  legs: Map<string, { row: Row; months: (number | undefined)[] }>;
  weights: Map<string, number>;
  firstLine: number;
}

/** The catalogue default of a weight, as a number, or undefined when the catalogue has none. */
function catalogueWeight(commodityCode: string, typeCode: string, input: string): number | undefined {
  const type = LGM_TYPES.find((t) => t.commodityCode === commodityCode && t.code === typeCode);
  const value = type?.inputs.find((i) => i.commodity === input)?.default;
  return value === null || value === undefined ? undefined : Number(value);
}

/** Per-unit margins for months 2..P from the legs, or a reason why they cannot be built. */
function assemble(
  draft: Pick<SetDraft, "commodityCode">,
  legsOf: (leg: string) => (number | undefined)[] | undefined,
  weightOf: (leg: Leg) => number | undefined,
): { months: number[] } | { skip: true } | { missing: string } {
  // A margin published whole (no Market Symbol Code) is used as it is, for any commodity.
  const whole = legsOf("");
  const legs = whole?.some((v) => v !== undefined) ? undefined : LEGS[draft.commodityCode];
  const values: (number | undefined)[] = MONTHS.map((_, i) => {
    if (!legs) return whole?.[i];
    let total = 0;
    for (const leg of legs) {
      const v = legsOf(leg.symbol)?.[i];
      const w = weightOf(leg);
      if (v === undefined || w === undefined) return undefined;
      total += leg.sign * w * v;
    }
    // Prices have at most 4 decimals and weights a few: round away the binary noise of the sum.
    return Math.round(total * 1e8) / 1e8;
  });
  const last = values.findLastIndex((v) => v !== undefined);
  if (last < 0) return { skip: true };
  const gap = values.slice(0, last + 1).indexOf(undefined);
  if (gap >= 0) return { missing: `Month${MONTHS[gap]}` };
  return { months: values.slice(0, last + 1) as number[] };
}

export function importLgm(
  margins: { text: string; file?: string },
  draws?: { text: string; file?: string },
  options: { salesDate?: string } = {},
): LgmMarginSet[] {
  const marginFile = margins.file ?? "A00600_LgmGrossMargin";
  const marginDating = salesDating(margins.text, marginFile, options.salesDate);
  const drafts = new Map<string, SetDraft>();
  // RMA's layout of the file's reinsurance year (when the data has it): header, types, business keys.
  const byLayout = admRowCheck(margins.text, marginFile, "A00600", MARGIN_COLUMNS);
  const columns = byLayout ? [...MARGIN_COLUMNS, ...byLayout.columns] : MARGIN_COLUMNS;
  for (const row of readDelimited(margins.text, marginFile, "|", columns, STATE_REPEATS)) {
    byLayout?.check(row);
    if (!admRowIsLive(marginFile, row, { recordType: "A00600", planCode: "82" })) continue;
    if (!marginDating(row)) continue;
    const key = setKey(row);
    let draft = drafts.get(key);
    if (!draft) {
      draft = {
        commodityCode: row.values.commodityCode as string,
        typeCode: row.values.typeCode as string,
        ...(row.values.stateCode !== undefined ? { stateCode: row.values.stateCode as string } : {}),
        salesEffectiveDate: row.values.salesEffectiveDate as string,
        legs: new Map(),
        weights: new Map(),
        firstLine: row.line,
      };
      drafts.set(key, draft);
    }
    const legs = LEGS[draft.commodityCode];
    const symbol = ((row.values.marketSymbolCode as string | undefined) ?? "").trim();
    if (legs && symbol !== "" && !legs.some((l) => l.symbol === symbol))
      throw cellError(
        marginFile,
        row,
        "marketSymbolCode",
        "Market Symbol Code",
        `expected one of ${legs.map((l) => l.symbol).join(", ")} for commodity ${draft.commodityCode}, found "${symbol}"`,
      );
    if (!legs && symbol !== "")
      throw cellError(
        marginFile,
        row,
        "marketSymbolCode",
        "Market Symbol Code",
        `commodity ${draft.commodityCode} publishes its margin whole; found a component row "${symbol}"`,
      );
    const what = `commodity ${draft.commodityCode}, type ${draft.typeCode}, state ${draft.stateCode ?? "(none)"}, sales date ${draft.salesEffectiveDate}${symbol ? `, market symbol ${symbol}` : ""}`;
    const month = row.values.calendarMonthNumber as number | undefined;
    if (month !== undefined) {
      // Long layout: this row is one month of the set.
      if (month < 1 || month > 11)
        throw cellError(
          marginFile,
          row,
          "calendarMonthNumber",
          LONG_MONTH,
          `expected a month of the insurance period, 1 to 11, found ${month}`,
        );
      if (month === 1) continue; // the first month is never insured: no marketings, no margin used
      let leg = draft.legs.get(symbol);
      if (!leg) {
        leg = { row, months: MONTHS.map(() => undefined) };
        draft.legs.set(symbol, leg);
      }
      if (leg.months[month - 2] !== undefined)
        throw importError(marginFile, `line ${row.line}`, `a second row for ${what}, month ${month}`);
      leg.months[month - 2] = num(row, "expectedGrossMarginAmount");
    } else {
      if (draft.legs.has(symbol))
        throw importError(marginFile, `line ${row.line}`, `a second row for ${what}`);
      draft.legs.set(symbol, {
        row,
        months: MARGIN_KEYS.map((key) => num(row, key)),
      });
    }
    for (const [wKey, header] of WEIGHT_HEADERS) {
      const w = num(row, wKey);
      if (w !== undefined) draft.weights.set(header, w);
    }
  }

  const sets = new Map<
    string,
    LgmMarginSet & { monthCount: number; weightOf: (leg: Leg) => number | undefined }
  >();
  for (const [key, draft] of drafts) {
    const weightOf = (leg: Leg) => {
      const published = leg.weightHeader ? draft.weights.get(leg.weightHeader) : undefined;
      const catalogue = catalogueWeight(draft.commodityCode, draft.typeCode, leg.input);
      if (published !== undefined && catalogue !== undefined && published !== catalogue) {
        const row = draft.legs.get(leg.symbol)?.row ?? draft.legs.values().next().value?.row;
        throw importError(
          marginFile,
          `line ${row?.line ?? draft.firstLine}`,
          `${leg.weightHeader} ${published} differs from the default weight ${catalogue} the quotes use for type ${draft.typeCode}`,
        );
      }
      return published ?? catalogue;
    };
    const built = assemble(draft, (leg) => draft.legs.get(leg)?.months, weightOf);
    if ("skip" in built) continue; // a placeholder before the sales period opens, or no weights
    if ("missing" in built) {
      const row = [...draft.legs.values()][0].row;
      throw importError(
        marginFile,
        `line ${row.line}`,
        `${built.missing} Expected Gross Margin Amount is empty between published months`,
      );
    }
    const first = yearMonthOf(draft.salesEffectiveDate);
    const monthCount = built.months.length + 1;
    sets.set(key, {
      commodityCode: draft.commodityCode,
      typeCode: draft.typeCode,
      ...(draft.stateCode !== undefined ? { stateCode: draft.stateCode } : {}),
      salesEffectiveDate: draft.salesEffectiveDate,
      marketingMonths: Array.from({ length: monthCount }, (_, i) => formatYearMonth(addMonths(first, i + 1))),
      // Month 1 is never insured and has no published value: 0 (it can carry no marketings).
      expectedGrossMargins: [0, ...built.months],
      monthCount,
      weightOf,
    });
  }

  if (draws) {
    const drawFile = draws.file ?? "A00610_LgmDraw";
    readDraws(draws.text, drawFile, marginFile, sets, salesDating(draws.text, drawFile, options.salesDate));
  }
  return collapseStates([...sets.values()].map(({ monthCount: _m, weightOf: _w, ...set }) => set));
}

/** The first digit of the Practice Code that names an insurance period, per commodity (RMA's Practice table). */
const PERIOD_PRACTICE_DIGIT: Readonly<Record<string, string>> = { "0803": "9", "0847": "9", "0815": "8" };

/** The month an insurance period sold on a date begins: the month after the sales month (1–12). */
const periodMonthOf = (salesDate: string) => (yearMonthOf(salesDate).month % 12) + 1;

/** The Practice Code of the insurance period a sales date sells (cattle 0803 sold in November: 912). */
export function insurancePeriodPractice(commodityCode: string, salesDate: string): string {
  const digit = PERIOD_PRACTICE_DIGIT[commodityCode];
  if (!digit) throw new Error(`commodity ${commodityCode} is not an LGM commodity`);
  return `${digit}${String(periodMonthOf(salesDate)).padStart(2, "0")}`;
}

/**
 * How a file's rows get their sales date. With a Sales Effective Date column: from it (every row passes).
 * Without (RY2014–2021 and RY2022's first layout version): from the sales date the file is imported as,
 * for the rows whose Practice Code names the insurance period that date sells (it begins the next
 * month); other rows are other sales periods' and are left out (false). Throws without a sales date.
 */
function salesDating(text: string, file: string, salesDate: string | undefined): (row: Row) => boolean {
  const header = (text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "")
    .split("|")
    .map((h) => h.toLowerCase().replace(/[^a-z0-9]/g, ""));
  if (header.includes("saleseffectivedate"))
    return (row) => {
      if (row.values.salesEffectiveDate === undefined)
        throw cellError(file, row, "salesEffectiveDate", "Sales Effective Date", "a value is required");
      return true;
    };
  if (!header.includes("practicecode"))
    throw importError(
      file,
      "line 1",
      'missing column "Sales Effective Date" (or "Practice Code" naming the insurance period)',
    );
  if (!salesDate)
    throw importError(
      file,
      "line 1",
      "this layout (reinsurance years 2014–2021, or 2022's first) has no Sales Effective Date: its rows are dated by the Practice Code's insurance period, so give the sales date the file is for (--as-of)",
    );
  const periodMonth = periodMonthOf(salesDate);
  return (row) => {
    const practice = row.values.practiceCode as string | undefined;
    const digit = PERIOD_PRACTICE_DIGIT[row.values.commodityCode as string];
    const month = practice ? Number(practice.slice(1)) : Number.NaN;
    if (!practice || !digit || practice[0] !== digit || !(month >= 1 && month <= 12))
      throw cellError(
        file,
        row,
        "practiceCode",
        "Practice Code",
        `expected an insurance period (${digit ?? "9 or 8"}01–${digit ?? "9 or 8"}12 for commodity ${row.values.commodityCode}), found "${practice ?? ""}"`,
      );
    if (month !== periodMonth) return false;
    row.values.salesEffectiveDate = salesDate;
    return true;
  };
}

function readDraws(
  text: string,
  drawFile: string,
  marginFile: string,
  sets: Map<string, LgmMarginSet & { monthCount: number; weightOf: (leg: Leg) => number | undefined }>,
  dated: (row: Row) => boolean,
): void {
  // set key → draw number → leg → MonthN values
  const collected = new Map<
    string,
    Map<number, { line: number; legs: Map<string, (number | undefined)[]> }>
  >();
  const byLayout = admRowCheck(text, drawFile, "A00610", DRAW_COLUMNS);
  const columns = byLayout ? [...DRAW_COLUMNS, ...byLayout.columns] : DRAW_COLUMNS;
  for (const row of readDelimited(text, drawFile, "|", columns, STATE_REPEATS)) {
    byLayout?.check(row);
    if (!admRowIsLive(drawFile, row, { recordType: "A00610", planCode: "82" })) continue;
    if (!dated(row)) continue;
    const key = setKey(row);
    const set = sets.get(key);
    const symbol = ((row.values.marketSymbolCode as string | undefined) ?? "").trim();
    if (!set) {
      const hasValues = DRAW_PREFIXES.some((p) => drawKeysOf(p).some((key) => row.values[key] !== undefined));
      if (!hasValues) continue;
      throw importError(
        drawFile,
        `line ${row.line}`,
        `no expected gross margins in ${marginFile} for commodity ${row.values.commodityCode}, type ${row.values.typeCode}, state ${row.values.stateCode ?? "(none)"}, sales date ${row.values.salesEffectiveDate}`,
      );
    }
    const n = row.values.drawNumber as number;
    if (n < 1) throw cellError(drawFile, row, "drawNumber", "Margin Draw Number", "must be 1 or more");
    let perSet = collected.get(key);
    if (!perSet) {
      perSet = new Map();
      collected.set(key, perSet);
    }
    let draw = perSet.get(n);
    if (!draw) {
      draw = { line: row.line, legs: new Map() };
      perSet.set(n, draw);
    }
    const legs = LEGS[set.commodityCode];
    // A component row (older files), or one row per draw: the whole margin and any component prefixes.
    const found: [string, string][] = symbol
      ? [[symbol, ""]]
      : [["", ""], ...(legs ?? []).map((l): [string, string] => [l.symbol, l.drawPrefix])];
    for (const [leg, prefix] of found) {
      const values = drawKeysOf(prefix).map((key) => num(row, key));
      if (values.every((v) => v === undefined)) continue;
      if (draw.legs.has(leg))
        throw cellError(
          drawFile,
          row,
          "drawNumber",
          "Margin Draw Number",
          `draw ${n} appears twice${leg ? ` for ${leg}` : ""}`,
        );
      draw.legs.set(leg, values);
    }
  }
  for (const [key, perSet] of collected) {
    const set = sets.get(key);
    if (!set) continue;
    const rows: number[][] = [];
    for (const n of [...perSet.keys()].sort((a, b) => a - b)) {
      const draw = perSet.get(n) as { line: number; legs: Map<string, (number | undefined)[]> };
      const built = assemble({ commodityCode: set.commodityCode }, (leg) => draw.legs.get(leg), set.weightOf);
      const months = "months" in built ? built.months : [];
      if (months.length < set.monthCount - 1)
        throw importError(
          drawFile,
          `line ${draw.line}`,
          `draw ${n} has no Margin Draw Amount for Month${months.length + 2} (${marginFile} publishes months 2 to ${set.monthCount})`,
        );
      rows.push([0, ...months.slice(0, set.monthCount - 1)]);
    }
    set.draws = rows;
  }
}

/** Sets identical in every state become one set without a state code. */
function collapseStates(sets: LgmMarginSet[]): LgmMarginSet[] {
  const groups = new Map<string, LgmMarginSet[]>();
  for (const set of sets) {
    const key = [set.commodityCode, set.typeCode, set.salesEffectiveDate].join("|");
    const group = groups.get(key);
    if (group) group.push(set);
    else groups.set(key, [set]);
  }
  const out: LgmMarginSet[] = [];
  for (const group of groups.values()) {
    const figures = (s: LgmMarginSet) =>
      JSON.stringify([s.marketingMonths, s.expectedGrossMargins, s.draws ?? null]);
    const first = figures(group[0]);
    if (group.length > 1 && group.every((s) => figures(s) === first)) {
      const { stateCode: _, ...national } = group[0];
      out.push(national);
    } else out.push(...group);
  }
  return out;
}
