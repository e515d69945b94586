import { cropYearOf } from "../../../shared/book/crop-year";
import { isLrpCommodityCode, type LrpCommodityCode } from "../../../shared/catalogue/livestock";
import { LRP_TYPES } from "../../../shared/catalogue/lrp-types";
import {
  FARMER_CLASSIFICATIONS,
  type FarmerClassification,
  UNIT_BASES,
  type UnitBasis,
} from "../../../shared/catalogue/plans";
import type { LrpQuoteInput } from "../../../shared/pricing/lrp/input";
import { LRP_ENDORSEMENT_LENGTHS } from "../../../shared/pricing/lrp/markets";
import { parseTypedNumber } from "../../lib/format";

// The LRP quote form as it lives in the URL (strings), its defaults, and the engine input built from
// it. The form only turns text into numbers; every rule (head limits, weight ranges, share) is the
// engine's, and its message is shown next to the field it names.

export const LRP_DEFAULTS = {
  commodity: "0801",
  type: "810",
  head: "100",
  weight: "7.5",
  share: "100",
  farmer: "Neither",
  year: "",
  provider: "proAg",
  basis: "total",
  weeks: "all",
  level: "all",
  sort: "",
  row: "",
};
export type LrpForm = typeof LRP_DEFAULTS;
export type LrpField = "commodity" | "type" | "head" | "weight" | "share" | "farmer" | "year";

/** The engine's input paths and codes → the form field they belong to. */
export const FIELD_OF_PATH: Readonly<Record<string, LrpField>> = {
  commodity: "commodity",
  type: "type",
  head: "head",
  targetWeightCwt: "weight",
  share: "share",
  farmerClassification: "farmer",
  beginningFarmerYear: "year",
};
export const FIELD_OF_CODE: Readonly<Record<string, LrpField>> = {
  "invalid-commodity": "commodity",
  "invalid-type": "type",
  "head-limit": "head",
};

/** The form field an engine refusal belongs to (by its code, else its path), or undefined. */
export const lrpFieldOf = (code: string, path: readonly (string | number)[]): LrpField | undefined =>
  FIELD_OF_CODE[code] ?? FIELD_OF_PATH[String(path[0])];

export const typesOf = (commodity: string) => LRP_TYPES.filter((t) => t.commodityCode === commodity);

/** A target weight inside the type's range for a newly chosen type (7.5 cwt for 600–1000 lb types). */
export function defaultWeightFor(commodity: string, type: string): string {
  const t = LRP_TYPES.find((x) => x.commodityCode === commodity && x.code === type);
  if (!t) return "";
  const min = Number(t.targetWeightCwt.min);
  const max = Number(t.targetWeightCwt.max);
  if (min <= 7.5 && 7.5 <= max) return "7.5";
  return String(Math.round(((min + max) / 2) * 10) / 10);
}

export const basisOf = (form: LrpForm): UnitBasis =>
  (UNIT_BASES as readonly string[]).includes(form.basis) ? (form.basis as UnitBasis) : "total";

export interface ChosenRow {
  weeks: number;
  level: number;
}

export function parseRowKey(key: string): ChosenRow | null {
  const m = /^(\d+)-(0(?:\.\d+)?|1(?:\.0+)?)$/.exec(key);
  if (!m) return null;
  const weeks = Number(m[1]);
  if (!(LRP_ENDORSEMENT_LENGTHS as readonly number[]).includes(weeks)) return null;
  return { weeks, level: Number(m[2]) };
}
export const rowKey = (weeks: number, level: number): string => `${weeks}-${level}`;

export type Built =
  | { ok: true; input: LrpQuoteInput; commodity: LrpCommodityCode }
  | { ok: false; errors: Partial<Record<LrpField, string>> };

/** Turns the form into the engine's input; text that is not a number is reported here. */
export function buildLrpInput(form: LrpForm, salesDate: string): Built {
  const errors: Partial<Record<LrpField, string>> = {};
  const head = parseTypedNumber(form.head);
  const weight = parseTypedNumber(form.weight);
  const share = parseTypedNumber(form.share);
  if (head === null) errors.head = "Enter the number of head, e.g. 100";
  if (weight === null) errors.weight = "Enter the target weight per head in cwt, e.g. 7.5";
  if (share === null) errors.share = "Enter your share in percent, e.g. 100";
  const farmer = (FARMER_CLASSIFICATIONS as readonly string[]).includes(form.farmer)
    ? (form.farmer as FarmerClassification)
    : "Neither";
  let year: number | undefined;
  if (farmer === "Beginning Farmer/Rancher" && form.year.trim() !== "") {
    const y = parseTypedNumber(form.year);
    if (y === null) errors.year = "Enter your year of farming, 1 to 10";
    else year = y;
  }
  if (Object.keys(errors).length > 0 || head === null || weight === null || share === null)
    return { ok: false, errors };
  const chosen = parseRowKey(form.row);
  return {
    ok: true,
    commodity: (isLrpCommodityCode(form.commodity) ? form.commodity : "0801") as LrpCommodityCode,
    input: {
      commodity: form.commodity,
      type: form.type,
      endorsementLengthWeeks: chosen?.weeks ?? LRP_ENDORSEMENT_LENGTHS[0],
      coverageLevel: chosen?.level ?? 1,
      head,
      targetWeightCwt: weight,
      share: share / 100,
      farmerClassification: farmer,
      ...(year !== undefined ? { beginningFarmerYear: year } : {}),
      cropYear: cropYearOf(salesDate),
      salesDate,
    },
  };
}
