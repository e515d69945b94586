// Claims parts several features show (docs/claims.md): the hub's proposals and deadlines, the coverage
// page's "Open a claim", the producer's claims in My coverages, and the claim documents' writes.

export { claimHref, createClaim, openClaimHref, refreshClaimSummaries } from "./claim-documents";
export { ClaimDue } from "./claim-due";
export { claimStatusLabel, urgencyText } from "./claim-labels";
export { ClaimProposalsPanel, useHubProposals } from "./claim-proposals-panel";
export { MyClaims } from "./my-claims";
export { OpenClaimLink } from "./open-claim-link";
