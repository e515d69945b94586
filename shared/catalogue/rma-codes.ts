import { invert } from "./two-way";

// Spec §3 "RMA codes": class codes and commodity-type codes with their labels, verbatim.

export const RMA_CLASS_LABEL_BY_CODE = {
  "031": "Weight 1",
  "032": "Weight 2",
  "033": "Unborn",
  "997": "No Class Specified",
  // The spec's "others" (crop classes).
  "007": "Field Grown",
  "012": "Native",
  "016": "Hybrid",
  "019": "Fall",
  "020": "Non-Storage",
  "024": "Scotch",
  "053": "Spring",
  "091": "Winter",
} as const;
export type RmaClassCode = keyof typeof RMA_CLASS_LABEL_BY_CODE;
export type RmaClassLabel = (typeof RMA_CLASS_LABEL_BY_CODE)[RmaClassCode];
export const RMA_CLASS_CODE_BY_LABEL = invert(RMA_CLASS_LABEL_BY_CODE);

export const RMA_COMMODITY_TYPE_LABEL_BY_CODE = {
  "804": "Farrow to Finish",
  "805": "Finishing",
  "806": "Sew Pig Finishing",
  "807": "Calf Finishing",
  "808": "Yearling Finishing",
  "809": "Steers",
  "810": "Heifers",
  "811": "Brahman",
  "812": "Dairy",
  "813": "Calves",
  "820": "Steers and Heifers",
  "821": "Cull Cows",
  "997": "No Commodity Type Specified",
} as const;
export type RmaCommodityTypeCode = keyof typeof RMA_COMMODITY_TYPE_LABEL_BY_CODE;
export type RmaCommodityTypeLabel = (typeof RMA_COMMODITY_TYPE_LABEL_BY_CODE)[RmaCommodityTypeCode];
export const RMA_COMMODITY_TYPE_CODE_BY_LABEL = invert(RMA_COMMODITY_TYPE_LABEL_BY_CODE);
