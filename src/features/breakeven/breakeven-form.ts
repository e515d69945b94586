import { cropYearOf } from "../../../shared/book/crop-year";
import type { BreakevenInput } from "../../../shared/pricing/breakeven/breakeven";
import type { LrpQuoteInput } from "../../../shared/pricing/lrp/input";
import { parseTypedNumber } from "../../lib/format";

// The breakeven form in the URL, the engine's breakeven input, and the LRP quote whose net floor is
// compared: feeder steers (809 below 6 cwt, 810 from 6 to 10 cwt) or fed steers & heifers (820, 10 to
// 16 cwt) at the sale weight.

export const BREAKEVEN_DEFAULTS = {
  pw: "5.5",
  pp: "380",
  sw: "8.5",
  feed: "250",
  interest: "30",
  health: "20",
  yardage: "60",
  other: "0",
  death: "1.5",
  lrp: "quote",
  row: "",
  cp: "",
  prem: "",
};
export type BreakevenForm = typeof BREAKEVEN_DEFAULTS;

export const COST_FIELDS = [
  { key: "feed", label: "Feed", engine: "feed" },
  { key: "interest", label: "Interest", engine: "interest" },
  { key: "health", label: "Health and vet", engine: "health" },
  { key: "yardage", label: "Yardage", engine: "yardage" },
  { key: "other", label: "Other costs", engine: "other" },
] as const;

/** The engine's input path → the form field. */
export const FIELD_OF_PATH: Readonly<Record<string, keyof BreakevenForm>> = {
  purchaseWeightCwt: "pw",
  purchasePricePerCwt: "pp",
  saleWeightCwt: "sw",
  feed: "feed",
  interest: "interest",
  health: "health",
  yardage: "yardage",
  other: "other",
  deathLossPercent: "death",
  lrp: "cp",
};

export type Errors = Partial<Record<keyof BreakevenForm, string>>;

const need = (form: BreakevenForm, key: keyof BreakevenForm, what: string, errors: Errors): number => {
  const n = parseTypedNumber(
    form[key] === "" && key !== "pw" && key !== "pp" && key !== "sw" ? "0" : form[key],
  );
  if (n === null) errors[key] = `Enter ${what}`;
  return n ?? 0;
};

export function buildBreakeven(
  form: BreakevenForm,
  lrp: { coveragePricePerCwt: number; producerPremiumPerCwt: number } | null,
): { ok: true; input: BreakevenInput } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const input: BreakevenInput = {
    purchaseWeightCwt: need(form, "pw", "the purchase weight in cwt, e.g. 5.5", errors),
    purchasePricePerCwt: need(form, "pp", "the purchase price in $/cwt, e.g. 380", errors),
    saleWeightCwt: need(form, "sw", "the sale weight in cwt, e.g. 8.5", errors),
    deathLossPercent: need(form, "death", "the death loss in percent, e.g. 1.5", errors),
  };
  for (const c of COST_FIELDS)
    input[c.engine] = need(form, c.key, `the ${c.label.toLowerCase()} cost in $/head`, errors);
  if (form.lrp === "own") {
    const cp = parseTypedNumber(form.cp);
    const prem = parseTypedNumber(form.prem);
    if (form.cp.trim() !== "" || form.prem.trim() !== "") {
      if (cp === null) errors.cp = "Enter the LRP coverage price in $/cwt";
      if (prem === null) errors.prem = "Enter the LRP producer premium in $/cwt";
      if (cp !== null && prem !== null) input.lrp = { coveragePricePerCwt: cp, producerPremiumPerCwt: prem };
    }
  } else if (lrp) {
    input.lrp = lrp;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/** The LRP type that insures cattle sold at this weight, or null when none does. */
export function lrpTypeForSaleWeight(cwt: number): { commodity: string; type: string; label: string } | null {
  if (cwt >= 1 && cwt < 6) return { commodity: "0801", type: "809", label: "Feeder Cattle, Steers <600 lbs" };
  if (cwt >= 6 && cwt <= 10)
    return { commodity: "0801", type: "810", label: "Feeder Cattle, Steers 600-1000 lbs" };
  if (cwt > 10 && cwt <= 16) return { commodity: "0802", type: "820", label: "Fed Cattle, Steers & Heifers" };
  return null;
}

/** The LRP quote (all offers) for 100 head at the sale weight. */
export function lrpQuoteForBreakeven(form: BreakevenForm, salesDate: string): LrpQuoteInput | null {
  const sw = parseTypedNumber(form.sw);
  if (sw === null) return null;
  const t = lrpTypeForSaleWeight(sw);
  if (!t) return null;
  return {
    commodity: t.commodity,
    type: t.type,
    endorsementLengthWeeks: 13,
    coverageLevel: 1,
    head: 100,
    targetWeightCwt: sw,
    cropYear: cropYearOf(salesDate),
    salesDate,
  };
}
