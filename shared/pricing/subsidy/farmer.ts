import type { FarmerClassification } from "../../catalogue";
import { DomainError } from "../../errors";

// Additional subsidy for beginning and veteran farmers/ranchers, in percentage points, keyed by the
// first crop year a schedule applies from (DOMAIN.md). Through crop year 2026 both get +10. From 2027
// a beginning farmer/rancher gets +15 in years 1–2 of farming, +13 in year 3, +11 in year 4 and +10 in
// years 5–10; veterans stay at +10.

interface AdditionSchedule {
  fromCropYear: number;
  veteran: number;
  /** Points by year of farming (index 0 = year 1); years past the list get nothing. */
  beginningByYear: readonly number[];
}

export const FARMER_ADDITION_SCHEDULES: readonly AdditionSchedule[] = [
  { fromCropYear: 2027, veteran: 10, beginningByYear: [15, 15, 13, 11, 10, 10, 10, 10, 10, 10] },
  { fromCropYear: 0, veteran: 10, beginningByYear: [10, 10, 10, 10, 10] },
];

/**
 * Extra subsidy points for the classification in the crop year. `beginningYear` is the year of farming
 * (1–10) for a beginning farmer/rancher; when it is not given we take the smallest addition the
 * schedule grants a beginning farmer/rancher (docs/pricing.md), so a quote never overstates the subsidy.
 */
export function farmerSubsidyAddition(
  classification: FarmerClassification,
  cropYear: number,
  beginningYear?: number,
): number {
  if (classification === "Neither") return 0;
  const schedule = FARMER_ADDITION_SCHEDULES.find((s) => cropYear >= s.fromCropYear);
  if (!schedule) return 0;
  if (classification === "Veteran Farmer/Rancher") return schedule.veteran;
  if (beginningYear === undefined) return Math.min(...schedule.beginningByYear);
  if (
    !Number.isInteger(beginningYear) ||
    beginningYear < 1 ||
    beginningYear > schedule.beginningByYear.length
  ) {
    throw new DomainError(
      "invalid-input",
      `beginningFarmerYear must be a whole number from 1 to ${schedule.beginningByYear.length} in crop year ${cropYear}`,
      ["beginningFarmerYear"],
    );
  }
  return schedule.beginningByYear[beginningYear - 1];
}
