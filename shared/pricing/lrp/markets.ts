import type { LrpCommodityCode } from "../../catalogue";
import type { FuturesRoot } from "../../market/contracts";

// Which futures an LRP commodity is compared with, and how its price (per cwt of the insured weight)
// converts to the futures' price: swine are insured on live weight while lean hog futures are on
// lean (carcass) weight, 0.74 lean per live (DOMAIN.md, spec §9's constant 0.74).

export const LEAN_PER_LIVE = 0.74;

export const LRP_FUTURES: Readonly<Record<LrpCommodityCode, { root: FuturesRoot; livePerFutures: number }>> =
  {
    "0801": { root: "GF", livePerFutures: 1 },
    "0802": { root: "LE", livePerFutures: 1 },
    "0815": { root: "HE", livePerFutures: LEAN_PER_LIVE },
  };

/** Endorsement lengths RMA offers (weeks); which are on sale on a day comes from the rate data. */
export const LRP_ENDORSEMENT_LENGTHS = [13, 17, 21, 26, 30, 34, 39, 43, 47, 52] as const;
