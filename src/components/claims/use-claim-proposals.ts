import type { ClaimProposalRecord } from "../../../shared/documents/claim";
import { documentName } from "../../../shared/documents/names";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync";

const NONE: Readonly<Record<string, ClaimProposalRecord>> = {};

/**
 * The claims that pay the server recorded after the last published snapshot (the organisation
 * document's `claimProposals`, server-written; docs/claims.md), by coverage id.
 */
export function useServerClaimProposals(): Readonly<Record<string, ClaimProposalRecord>> {
  const { orgId } = useSession();
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  return (org.state?.data.claimProposals as Record<string, ClaimProposalRecord> | undefined) ?? NONE;
}
