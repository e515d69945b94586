import { invalidCommodityCode } from "./lookup-errors";

// Spec §5 "Maximum head counts", with the spec's messages verbatim. The codes are the livestock codes
// of §3: Swine 0815 (LRP and LGM), Fed Cattle 0802, Feeder Cattle 0801, Cattle 0803, Dairy Cattle 0847.

export interface HeadLimit {
  max: number;
  message: string;
}

const HEAD_LIMITS: Readonly<Record<string, HeadLimit>> = {
  "0815": { max: 70_000, message: "Swine max limit is 70,000" },
  "0802": { max: 12_000, message: "Fed Cattle max limit is 12,000" },
  "0801": { max: 12_000, message: "Feeder Cattle max limit is 12,000" },
  "0803": { max: 0, message: "Cattle is not supported" },
  "0847": { max: 0, message: "Dairy Cattle is not supported" },
};

/** Spec §5 "no selection 0, no text". */
export const NO_SELECTION_HEAD_LIMIT: HeadLimit = { max: 0, message: "" };

/**
 * The most head allowed per endorsement and the message shown when it is exceeded. No selection
 * (empty, null or undefined) gives 0 and no text; an unknown code fails with `Invalid commodity code: {code}`
 * (spec §5: "unknown commodity code fails").
 */
export function maxHeadCount(commodityCode: string | null | undefined): HeadLimit {
  if (commodityCode === undefined || commodityCode === null || commodityCode === "")
    return NO_SELECTION_HEAD_LIMIT;
  const limit = HEAD_LIMITS[commodityCode];
  if (!limit) throw invalidCommodityCode(commodityCode);
  return limit;
}
