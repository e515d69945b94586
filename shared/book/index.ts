// The agent book's rules (issue 10 §2): pure functions over the records of shared/documents/book.ts,
// the market snapshot and a clock passed in. Screens, the sync server and the partner API call these;
// docs/agent-book.md explains each rule and its source.

export { cropYearOf, REINSURANCE_YEAR_START_MONTH, reinsuranceYear } from "./crop-year";
export {
  claimFilingDueDate,
  claimsToFileSoon,
  type DatedCoverage,
  type DueItem,
  daysToEndDate,
  endingWithin,
  LRP_CLAIM_FILING,
  LRP_PREMIUM_BILLING,
  LRP_TERMINATION,
  premiumDueDate,
  premiumsComingDue,
  todayCentral,
  unpaidTerminationDate,
} from "./dates";
export {
  type EndingValueSource,
  estimateIndemnity,
  type IndemnityEstimate,
  lrpEndingValue,
} from "./estimate";
export {
  type CropYearHeadLimit,
  checkLrpHeadLimits,
  cropYearHeadLimit,
  type HeadLimitCandidate,
  type HeadLimitViolation,
  LRP_CROP_YEAR_HEAD_LIMITS,
} from "./head-limits";
export {
  checkLgmMarketings,
  LGM_TARGET_MARKETINGS_LIMITS,
  type LgmEndorsementFromQuoteInput,
  lgmEndorsementFromQuote,
  lgmInsurancePeriod,
  lgmQuoteInputFor,
  lgmTargetMarketingsLimit,
} from "./lgm-endorsement";
export {
  type LrpCoverageFromOfferInput,
  type LrpOfferChoice,
  lrpCoverageFromOffer,
  lrpQuoteInputFor,
} from "./lrp-coverage";
export { POLICY_NUMBER_REQUIRED, policyNumberProblem } from "./policy-number";
export { beginningFarmerYearOf, exactDecimal, formatCutoff } from "./record-helpers";
export {
  type ActionKind,
  type ActionLookup,
  actionsFor,
  canTransition,
  ENTITY_ACTIONS,
  nextStatuses,
  POLICY_ACTIONS,
  type RecordAction,
  type RecordKind,
  resolveAction,
  STATUS_LABELS,
  STATUSES,
  TRANSITIONS,
  type WriteStamp,
  withStatus,
} from "./status";
export {
  type BookSummaries,
  bookSummaries,
  type CustomerRecords,
  coveredHead,
  LIVE_COVERAGE_STATUSES,
} from "./summaries";
export {
  type CoverageTotals,
  coverageTotals,
  type SummaryTotals,
  sumDecimals,
  summaryTotals,
} from "./totals";
