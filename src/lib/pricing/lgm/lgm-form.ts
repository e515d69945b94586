import { cropYearOf } from "../../../../shared/book/crop-year";
import { LGM_DEDUCTIBLE_STEPS } from "../../../../shared/catalogue/lgm-deductibles";
import { LGM_TYPES, type LgmInputCommodity, type LgmType } from "../../../../shared/catalogue/lgm-types";
import { isLgmCommodityCode, type LgmCommodityCode } from "../../../../shared/catalogue/livestock";
import { FARMER_CLASSIFICATIONS, type FarmerClassification } from "../../../../shared/catalogue/plans";
import { addMonths, formatYearMonth, yearMonthOf } from "../../../../shared/market/dates";
import type { LgmQuoteInput } from "../../../../shared/pricing/lgm/input";
import { INSURANCE_PERIOD_MONTHS } from "../../../../shared/pricing/lgm/period";
import { parseTypedNumber } from "../../format";

// The LGM quote form as it lives in the URL (strings), shared by the LGM quote and the scenario
// analysis (the same link opens either). The form turns text into numbers; the engine's rules decide
// what is valid and its messages are shown next to the field they name.

export const WEIGHT_PARAM: Readonly<Record<LgmInputCommodity, string>> = {
  liveCattle: "lc",
  feederCattle: "fc",
  corn: "corn",
  leanHog: "hog",
  soybeanMeal: "sbm",
  classIIIMilk: "milk",
};

/** Marketings a new form starts with: two months so the subsidy applies (none with one month). */
const DEFAULT_MARKETINGS: Readonly<Record<LgmCommodityCode, string>> = {
  "0803": "0,0,0,100,0,0,0,100,0,0,0",
  "0815": "0,0,500,0,0,500",
  "0847": "0,0,1000,1000,1000,0,0,0,0,0,0",
};
/** Deductible a new form starts with (any of §9's steps is allowed). */
const DEFAULT_DEDUCTIBLE: Readonly<Record<LgmCommodityCode, string>> = {
  "0803": "20",
  "0815": "4",
  "0847": "0.5",
};

export const LGM_DEFAULTS = {
  commodity: "0803",
  type: "808",
  m: DEFAULT_MARKETINGS["0803"],
  deductible: DEFAULT_DEDUCTIBLE["0803"],
  lc: "",
  fc: "",
  corn: "",
  hog: "",
  sbm: "",
  milk: "",
  farmer: "Neither",
  year: "",
  provider: "agriSompo",
};
export type LgmForm = typeof LGM_DEFAULTS;

export const lgmTypesOf = (commodity: string): LgmType[] =>
  LGM_TYPES.filter((t) => t.commodityCode === commodity);
export const lgmTypeOf = (form: LgmForm): LgmType | undefined =>
  LGM_TYPES.find((t) => t.commodityCode === form.commodity && t.code === form.type);
export const commodityOf = (form: LgmForm): LgmCommodityCode =>
  isLgmCommodityCode(form.commodity) ? form.commodity : "0803";

/** What changes when the livestock type changes: its type, marketings and deductible defaults. */
export function formForCommodity(commodity: LgmCommodityCode): Partial<LgmForm> {
  return {
    commodity,
    type: lgmTypesOf(commodity)[0]?.code ?? "",
    m: DEFAULT_MARKETINGS[commodity],
    deductible: DEFAULT_DEDUCTIBLE[commodity],
    lc: "",
    fc: "",
    corn: "",
    hog: "",
    sbm: "",
    milk: "",
  };
}

/** The months of the insurance period after the sales month (11, or 6 for swine). */
export function marketingMonths(commodity: LgmCommodityCode, salesDate: string): string[] {
  const first = yearMonthOf(salesDate);
  return Array.from({ length: INSURANCE_PERIOD_MONTHS[commodity] }, (_, i) =>
    formatYearMonth(addMonths(first, i + 1)),
  );
}

export const splitMarketings = (m: string, months: number): string[] => {
  const parts = m.split(",");
  return Array.from({ length: months }, (_, i) => (parts[i] ?? "0").trim());
};

export const deductibleSteps = (commodity: LgmCommodityCode): readonly string[] =>
  LGM_DEDUCTIBLE_STEPS[commodity];

/** Field names of the form: "commodity", "type", "m.3" (a month), "deductible", "lc", "farmer", "year". */
export type LgmErrors = Record<string, string>;

/** The engine's error path → the form field it belongs to. */
export function fieldOfPath(code: string, path: readonly (string | number)[]): string | null {
  if (code === "invalid-commodity") return "commodity";
  if (code === "invalid-type") return "type";
  const [head, next] = path;
  if (head === "targetMarketings") return typeof next === "number" ? `m.${next}` : "m";
  if (head === "weights" && typeof next === "string") return WEIGHT_PARAM[next as LgmInputCommodity] ?? null;
  if (head === "deductible") return "deductible";
  if (head === "beginningFarmerYear") return "year";
  if (head === "farmerClassification") return "farmer";
  return null;
}

export type BuiltLgm = { ok: true; input: LgmQuoteInput } | { ok: false; errors: LgmErrors };

export function buildLgmInput(form: LgmForm, salesDate: string): BuiltLgm {
  const errors: LgmErrors = {};
  const commodity = commodityOf(form);
  const months = INSURANCE_PERIOD_MONTHS[commodity];
  const marketings = splitMarketings(form.m, months).map((text, i) => {
    const n = parseTypedNumber(text === "" ? "0" : text);
    if (n === null) errors[`m.${i}`] = "Enter a number of head (0 for none)";
    return n ?? 0;
  });
  const deductible = parseTypedNumber(form.deductible);
  if (deductible === null) errors.deductible = "Choose a deductible";
  const weights: Partial<Record<LgmInputCommodity, number>> = {};
  for (const input of lgmTypeOf(form)?.inputs ?? []) {
    const text = form[WEIGHT_PARAM[input.commodity] as keyof LgmForm];
    if (text.trim() === "") continue; // the type's default
    const n = parseTypedNumber(text);
    if (n === null)
      errors[WEIGHT_PARAM[input.commodity]] = `Enter the ${input.label.toLowerCase()} in ${input.unit}`;
    else weights[input.commodity] = n;
  }
  const farmer = (FARMER_CLASSIFICATIONS as readonly string[]).includes(form.farmer)
    ? (form.farmer as FarmerClassification)
    : "Neither";
  let year: number | undefined;
  if (farmer === "Beginning Farmer/Rancher" && form.year.trim() !== "") {
    const y = parseTypedNumber(form.year);
    if (y === null) errors.year = "Enter your year of farming, 1 to 10";
    else year = y;
  }
  if (Object.keys(errors).length > 0 || deductible === null) return { ok: false, errors };
  return {
    ok: true,
    input: {
      commodity: form.commodity,
      type: form.type,
      salesDate,
      cropYear: cropYearOf(salesDate),
      targetMarketings: marketings,
      deductible,
      farmerClassification: farmer,
      ...(year !== undefined ? { beginningFarmerYear: year } : {}),
      ...(Object.keys(weights).length > 0 ? { weights } : {}),
    },
  };
}
