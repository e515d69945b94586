import { invert } from "./two-way";

// Spec §3 "Plans, units, applicants" and §5 "Frequency options".

export const INSURANCE_PLANS = ["lrp", "lgm"] as const;
export type InsurancePlan = (typeof INSURANCE_PLANS)[number];

export const INSURANCE_PLAN_LABELS: Readonly<Record<InsurancePlan, string>> = {
  lrp: "Livestock Risk Protection (LRP)",
  lgm: "Livestock Gross Margin (LGM)",
};
export const INSURANCE_PLAN_BY_LABEL = invert(INSURANCE_PLAN_LABELS);

/** RMA plan codes (DOMAIN.md: LRP plan 81, LGM plan 82). */
export const RMA_PLAN_CODES: Readonly<Record<InsurancePlan, string>> = { lrp: "81", lgm: "82" };

export const UNIT_BASES = ["cwt", "head", "total"] as const;
export type UnitBasis = (typeof UNIT_BASES)[number];

export const APPLICANT_TYPES = ["individual", "business"] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

export const FARMER_CLASSIFICATIONS = [
  "Beginning Farmer/Rancher",
  "Veteran Farmer/Rancher",
  "Neither",
] as const;
export type FarmerClassification = (typeof FARMER_CLASSIFICATIONS)[number];
