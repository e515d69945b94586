import { Decimal } from "decimal.js";
import {
  getLgmType,
  LGM_TYPES,
  LRP_COMMODITIES,
  LRP_TYPES,
  lgmDeductibleSteps,
} from "../../../shared/catalogue";
import type { WatchSetup } from "../../../shared/documents/watchlist";
import { watchSetupSchema } from "../../../shared/documents/watchlist";
import { LRP_ENDORSEMENT_LENGTHS } from "../../../shared/pricing";

// The "add a setup by hand" form as plain data: its defaults per plan, and the setup it makes (checked
// with the watchlist's shared schema; the message names the field).

export interface SetupDraft {
  plan: "lrp" | "lgm";
  name: string;
  lrpCommodity: string;
  lrpType: string;
  weeks: string;
  coverageLevel: string;
  head: string;
  targetWeightCwt: string;
  lgmType: string;
  marketings: string;
  deductible: string;
}

export const DEFAULT_DRAFT: SetupDraft = {
  plan: "lrp",
  name: "",
  lrpCommodity: "0801",
  lrpType: "810",
  weeks: "21",
  // A percentage, as the quote screens show it ("95"); the setup keeps the ratio (0.95).
  coverageLevel: "95",
  head: "100",
  targetWeightCwt: "7.5",
  lgmType: "808",
  marketings: "0, 0, 0, 50, 50, 0, 0, 0, 0, 0, 0",
  deductible: "20",
};

export const lrpTypeOptions = (commodity: string) => LRP_TYPES.filter((t) => t.commodityCode === commodity);
export const lgmTypeOptions = LGM_TYPES;
export const lengthOptions = LRP_ENDORSEMENT_LENGTHS;
export const lrpCommodityOptions = LRP_COMMODITIES;
export const deductibleOptions = (typeCode: string) => {
  const type = LGM_TYPES.find((t) => t.code === typeCode);
  return type ? lgmDeductibleSteps(type.commodityCode) : [];
};

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** "95" or "95 %" → 0.95, exactly (decimal.js); NaN when not a number. */
const percentToRatio = (text: string): number => {
  const n = number(text.replace("%", ""));
  return Number.isFinite(n) ? new Decimal(n).div(100).toNumber() : Number.NaN;
};

/** The setup the draft describes, or the first problem: "Field: message", and its path and message for the field. */
export function setupFromDraft(
  draft: SetupDraft,
): { setup: Omit<WatchSetup, "id"> } | { error: string; path: string; message: string } {
  let candidate: Record<string, unknown>;
  if (draft.plan === "lrp") {
    candidate = {
      name: draft.name,
      plan: "lrp",
      commodity: draft.lrpCommodity,
      type: draft.lrpType,
      endorsementLengthWeeks: number(draft.weeks),
      coverageLevel: percentToRatio(draft.coverageLevel),
      head: number(draft.head),
      targetWeightCwt: number(draft.targetWeightCwt),
    };
  } else {
    const type = LGM_TYPES.find((t) => t.code === draft.lgmType);
    candidate = {
      name: draft.name,
      plan: "lgm",
      commodity: type ? getLgmType(type.commodityCode, type.code).commodityCode : "",
      type: draft.lgmType,
      targetMarketings: draft.marketings
        .split(/[,\s]+/)
        .filter((part) => part !== "")
        .map(number),
      deductible: number(draft.deductible),
    };
  }
  const level = candidate.coverageLevel;
  if (draft.plan === "lrp" && !(typeof level === "number" && level > 0 && level <= 1)) {
    const message = "enter a percentage above 0 and at most 100, such as 95";
    return { error: `${FIELD_LABELS.coverageLevel}: ${message}`, path: "coverageLevel", message };
  }
  const parsed = watchSetupSchema.safeParse(candidate);
  if (parsed.success) return { setup: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0] === undefined ? "Setup" : String(issue.path[0]);
  const message = issue?.message ?? "check this value";
  return { error: `${FIELD_LABELS[field] ?? field}: ${message}`, path: field, message };
}

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  endorsementLengthWeeks: "Endorsement length",
  coverageLevel: "Coverage level (%)",
  head: "Head",
  targetWeightCwt: "Target weight",
  targetMarketings: "Target marketings",
  deductible: "Deductible",
};
