import type { SceLgmFigures, SceLrpFigures } from "../../../shared/book/sce-figures";
import { parseTypedNumber } from "../../lib/format";

// The SCE's figures as the LRP create form holds them (text as typed) for an endorsement bought on a
// day the market history does not hold (docs/agent-book.md "Bought on an earlier day"), and where a refusal of backdatedCoverage
// (shared/book/sce-backdated.ts) is shown. Pure.

export const SCE_FORM_DEFAULTS = {
  weeks: "",
  level: "",
  endDate: "",
  coveragePrice: "",
  rate: "",
  totalPremium: "",
  subsidy: "",
  producerPremium: "",
  paf: "",
};
export type SceForm = typeof SCE_FORM_DEFAULTS;
export type SceField = keyof SceForm;

export type BuiltSce =
  | { ok: true; endorsementLengthWeeks: number; coverageLevel: number; figures: SceLrpFigures }
  | { ok: false; errors: Partial<Record<SceField, string>> };

/** The endorsement's length and level as numbers and the figures as typed, or what is missing. */
export function buildSce(form: SceForm): BuiltSce {
  const errors: Partial<Record<SceField, string>> = {};
  const weeks = parseTypedNumber(form.weeks);
  const level = parseTypedNumber(form.level);
  if (weeks === null) errors.weeks = "Choose the endorsement length printed on the SCE";
  if (level === null || level <= 0 || level > 100)
    errors.level = "Enter the coverage level in percent, e.g. 95 or 94.83";
  if (form.coveragePrice.trim() === "") errors.coveragePrice = "Enter the coverage price per cwt";
  if (form.rate.trim() === "" && form.totalPremium.trim() === "")
    errors.rate = "Enter the rate or the total premium (or both)";
  if (form.subsidy.trim() === "") errors.subsidy = "Enter the subsidy in dollars";
  if (weeks === null || level === null || Object.keys(errors).length > 0) return { ok: false, errors };
  const optional = (key: "rate" | "totalPremium" | "producerPremium" | "endDate") =>
    form[key].trim() === "" ? {} : { [key]: form[key] };
  return {
    ok: true,
    endorsementLengthWeeks: weeks,
    // The percent as typed, divided exactly: "94.83" → 0.9483.
    coverageLevel: Number((level / 100).toFixed(8)),
    figures: {
      coveragePrice: form.coveragePrice,
      subsidy: form.subsidy,
      ...optional("rate"),
      ...optional("totalPremium"),
      ...optional("producerPremium"),
      ...optional("endDate"),
      ...(form.paf.trim() === "" ? {} : { priceAdjustmentFactor: form.paf }),
    },
  };
}

const FIELD_OF: Readonly<Record<string, SceField>> = {
  "sce.coveragePrice": "coveragePrice",
  "sce.expectedEndingValue": "coveragePrice",
  "sce.rate": "rate",
  "sce.totalPremium": "totalPremium",
  "sce.subsidy": "subsidy",
  "sce.producerPremium": "producerPremium",
  "sce.endDate": "endDate",
  "sce.priceAdjustmentFactor": "paf",
  endorsementLengthWeeks: "weeks",
  coverageLevel: "level",
};

/** The SCE field a refusal's dotted path names, or null (it belongs elsewhere on the form). */
export const sceFieldOf = (field: string): SceField | null => FIELD_OF[field] ?? null;

/** A refusal's sentence without its leading path ("sce.subsidy: $5 does not…" → "$5 does not…"). */
export const withoutPath = (message: string, field: string): string =>
  field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;

/** The LGM SCE's figures as the LGM create form holds them (text as typed). */
export const SCE_LGM_FORM_DEFAULTS = {
  expectedGrossMargin: "",
  grossMarginGuarantee: "",
  totalPremium: "",
  subsidy: "",
  producerPremium: "",
};
export type SceLgmForm = typeof SCE_LGM_FORM_DEFAULTS;
export type SceLgmField = keyof SceLgmForm;

/** The typed LGM figures for backdatedCoverage (empty optional ones left out), or what is missing. */
export function buildLgmSce(
  form: SceLgmForm,
): { ok: true; figures: SceLgmFigures } | { ok: false; errors: Partial<Record<SceLgmField, string>> } {
  const errors: Partial<Record<SceLgmField, string>> = {};
  if (form.expectedGrossMargin.trim() === "") errors.expectedGrossMargin = "Enter the expected gross margin";
  if (form.totalPremium.trim() === "") errors.totalPremium = "Enter the total premium";
  if (form.subsidy.trim() === "") errors.subsidy = "Enter the subsidy in dollars";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const optional = (key: "grossMarginGuarantee" | "producerPremium") =>
    form[key].trim() === "" ? {} : { [key]: form[key] };
  return {
    ok: true,
    figures: {
      expectedGrossMargin: form.expectedGrossMargin,
      totalPremium: form.totalPremium,
      subsidy: form.subsidy,
      ...optional("grossMarginGuarantee"),
      ...optional("producerPremium"),
    },
  };
}
