// Claims in the book (docs/claims.md): the rules the claim screens, the agent hub, My
// coverages and the server's proposals share, one file per part. Pure: "today" and the clock reading are
// passed in.

export { actualHistoryDays, holdsActual } from "./actual-history";
export { claimChecklist, sortChecklist } from "./checklist";
export {
  type ComputedClaim,
  computeLgmClaim,
  computeLrpClaim,
  ENTERED_SOURCE_MAX,
  LGM_FUTURES_ACTUAL_TEXT,
  type LgmProration,
  lgmProration,
} from "./compute";
export { claimWarnings, type FilingUrgency, filingUrgency, isFiled } from "./deadlines";
export {
  type HubProposal,
  hubProposals,
  type LgmProposalSource,
  lrpActualPays,
  lrpClaimCompanions,
  lrpProposalRecord,
  proposeClaims,
  proposeLgmClaim,
} from "./proposals";
export { CLAIM_TRANSITIONS, COVERAGE_STATUS_FOR_CLAIM, claimSummaryOf } from "./status";
