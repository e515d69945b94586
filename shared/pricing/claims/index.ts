// Claims (docs/claims.md): what an ended (or ending) endorsement pays, by RMA's formulas, exact.

export {
  type ActualPriceNeed,
  type ActualPricesResult,
  lgmActualPriceNeeds,
  lgmActualPrices,
  tradingDaysBefore,
} from "./lgm-actual-prices";
export {
  type LgmClaim,
  type LgmClaimInput,
  lgmClaim,
  lgmClaimInputSchema,
  lgmProrationThreshold,
} from "./lgm-claim";
export {
  type LrpClaim,
  type LrpClaimInput,
  type LrpValueSource,
  lrpClaim,
  lrpClaimInputSchema,
} from "./lrp-claim";
