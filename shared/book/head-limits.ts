import { maxHeadCount } from "../catalogue/head-limits";
import type { Coverage } from "../documents/book";

// Head limits of LRP endorsements (DOMAIN.md; docs/agent-book.md "Head limits"):
// - per endorsement: the spec's §5 maxima with its exact messages (shared/catalogue maxHeadCount);
// - per crop year, across all of a customer's LRP endorsements of that crop year (RMA counts them per
//   insured, across SBIs): 25,000 cattle, feeder and fed together, and 750,000 swine (PM-22-029, from
//   crop year 2023; unchanged for RY2026). Kept as data with the source.
// Cancelled endorsements do not count; every other status does (a quoted endorsement is one the agent
// means to submit, and ended or claimed ones were insured in that crop year).

export interface CropYearHeadLimit {
  /** How the message names the animals. */
  label: string;
  commodities: readonly string[];
  max: number;
  /** The first crop year the limit applies from; earlier crop years use the earliest entry. */
  fromCropYear: number;
  source: string;
}

export const LRP_CROP_YEAR_HEAD_LIMITS: readonly CropYearHeadLimit[] = [
  {
    label: "cattle",
    commodities: ["0801", "0802"],
    max: 25_000,
    fromCropYear: 2023,
    source: "RMA PM-22-029",
  },
  { label: "swine", commodities: ["0815"], max: 750_000, fromCropYear: 2023, source: "RMA PM-22-029" },
];

/** The crop-year limit that covers `commodity` in `cropYear`, or null (not an LRP commodity). */
export function cropYearHeadLimit(commodity: string, cropYear: number): CropYearHeadLimit | null {
  const candidates = LRP_CROP_YEAR_HEAD_LIMITS.filter((l) => l.commodities.includes(commodity));
  if (candidates.length === 0) return null;
  const applicable = candidates
    .filter((l) => l.fromCropYear <= cropYear)
    .sort((a, b) => b.fromCropYear - a.fromCropYear);
  return applicable[0] ?? [...candidates].sort((a, b) => a.fromCropYear - b.fromCropYear)[0] ?? null;
}

/** An endorsement about to be saved: new (no id) or an edit of the record with this id. */
export interface HeadLimitCandidate {
  id?: string;
  commodity: string;
  cropYear: number;
  head: number;
}

export interface HeadLimitViolation {
  code: "head-limit";
  /** Which limit: the spec's per-endorsement maximum or RMA's per-crop-year one. */
  limit: "endorsement" | "crop-year";
  message: string;
  /** The limit in head. */
  max: number;
  /** Head already covered by the customer's other endorsements of the crop year (0 per endorsement). */
  alreadyCovered: number;
}

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * Checks an LRP endorsement's head against the per-endorsement maximum (spec §5 message, e.g. "Feeder
 * Cattle max limit is 12,000") and the crop-year maximum across `existingCoverages` — all of the
 * customer's coverages (LGM and cancelled ones are skipped; the record with the candidate's id is the
 * one being edited and is not counted twice). Returns null when within both.
 * @example checkLrpHeadLimits({ commodity: "0801", cropYear: 2027, head: 6000 }, coverages)
 *   // { code: "head-limit", limit: "crop-year", max: 25000, alreadyCovered: 20000,
 *   //   message: "Crop year 2027 cattle limit is 25,000 head: 20,000 already covered, this endorsement adds 6,000" }
 */
export function checkLrpHeadLimits(
  candidate: HeadLimitCandidate,
  existingCoverages: Iterable<Coverage>,
): HeadLimitViolation | null {
  const perEndorsement = maxHeadCount(candidate.commodity);
  if (candidate.head > perEndorsement.max)
    return {
      code: "head-limit",
      limit: "endorsement",
      message: perEndorsement.message,
      max: perEndorsement.max,
      alreadyCovered: 0,
    };
  const limit = cropYearHeadLimit(candidate.commodity, candidate.cropYear);
  if (!limit) return null;
  let covered = 0;
  for (const c of existingCoverages) {
    if (c.plan !== "lrp" || c.status === "cancelled") continue;
    if (candidate.id !== undefined && c.id === candidate.id) continue;
    if (c.cropYear !== candidate.cropYear || !limit.commodities.includes(c.commodity)) continue;
    covered += c.head;
  }
  if (covered + candidate.head <= limit.max) return null;
  return {
    code: "head-limit",
    limit: "crop-year",
    message: `Crop year ${candidate.cropYear} ${limit.label} limit is ${grouped(limit.max)} head: ${grouped(covered)} already covered, this endorsement adds ${grouped(candidate.head)}`,
    max: limit.max,
    alreadyCovered: covered,
  };
}
