import { invalidCommodityCode } from "./lookup-errors";

// Spec §3 "Commodity and species codes": the RMA commodity codes of the two livestock plans, with
// two-way maps between label and code. Swine is 0815 under both plans.

export type LrpCommodityCode = "0801" | "0802" | "0815";
export type LgmCommodityCode = "0803" | "0815" | "0847";
export type LivestockCommodityCode = LrpCommodityCode | LgmCommodityCode;

export interface LrpCommodity {
  code: LrpCommodityCode;
  label: "Feeder Cattle" | "Fed Cattle" | "Swine";
  /** Spec §3 "LRP livestock type catalogue": the market and options each commodity follows. */
  options: string;
}

export interface LgmCommodity {
  code: LgmCommodityCode;
  label: "Cattle" | "Swine" | "Dairy Cattle";
}

export const LRP_COMMODITIES: readonly LrpCommodity[] = [
  { code: "0801", label: "Feeder Cattle", options: "CME Feeder Cattle Options" },
  { code: "0802", label: "Fed Cattle", options: "CME Live Cattle Options" },
  { code: "0815", label: "Swine", options: "CME Lean Hog Options" },
];

export const LGM_COMMODITIES: readonly LgmCommodity[] = [
  { code: "0803", label: "Cattle" },
  { code: "0815", label: "Swine" },
  { code: "0847", label: "Dairy Cattle" },
];

export const LRP_COMMODITY_CODE_BY_LABEL: Readonly<Record<LrpCommodity["label"], LrpCommodityCode>> = {
  "Feeder Cattle": "0801",
  "Fed Cattle": "0802",
  Swine: "0815",
};
export const LRP_COMMODITY_LABEL_BY_CODE: Readonly<Record<LrpCommodityCode, LrpCommodity["label"]>> = {
  "0801": "Feeder Cattle",
  "0802": "Fed Cattle",
  "0815": "Swine",
};

export const LGM_COMMODITY_CODE_BY_LABEL: Readonly<Record<LgmCommodity["label"], LgmCommodityCode>> = {
  Cattle: "0803",
  Swine: "0815",
  "Dairy Cattle": "0847",
};
export const LGM_COMMODITY_LABEL_BY_CODE: Readonly<Record<LgmCommodityCode, LgmCommodity["label"]>> = {
  "0803": "Cattle",
  "0815": "Swine",
  "0847": "Dairy Cattle",
};

export const isLrpCommodityCode = (code: unknown): code is LrpCommodityCode =>
  typeof code === "string" && Object.hasOwn(LRP_COMMODITY_LABEL_BY_CODE, code);

export const isLgmCommodityCode = (code: unknown): code is LgmCommodityCode =>
  typeof code === "string" && Object.hasOwn(LGM_COMMODITY_LABEL_BY_CODE, code);

/** Throws DomainError "invalid-commodity" (`Invalid commodity code: {code}`) for anything but 0801, 0802, 0815. */
export function getLrpCommodity(code: string): LrpCommodity {
  const found = LRP_COMMODITIES.find((c) => c.code === code);
  if (!found) throw invalidCommodityCode(code);
  return found;
}

/** Throws DomainError "invalid-commodity" (`Invalid commodity code: {code}`) for anything but 0803, 0815, 0847. */
export function getLgmCommodity(code: string): LgmCommodity {
  const found = LGM_COMMODITIES.find((c) => c.code === code);
  if (!found) throw invalidCommodityCode(code);
  return found;
}
