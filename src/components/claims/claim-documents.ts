import { type ComputedClaim, claimChecklist, claimSummaryOf } from "../../../shared/book/claims";
import type { ChecklistItem, ClaimRecord } from "../../../shared/documents/claim";
import { CLAIM_SHAPE_VERSION } from "../../../shared/documents/claim";
import { documentName } from "../../../shared/documents/names";
import type { SyncClient } from "../../lib/sync";
import { newRecordId } from "../book/record-ids";

// The documents a claim lives in (docs/claims.md): the claim document itself
// (`org/{orgId}/claim/{claimId}`), and its summary in the organisation document (the agents' lists
// and the hub) and in the customer's document (what My coverages shows the producer). Every write to
// a claim refreshes both summaries from the claim as it now is (shared/book/claims.ts claimSummaryOf).

export const claimHref = (claimId: string): string => `/agent/claims/${encodeURIComponent(claimId)}`;
/** Where an agent opens a claim for a coverage. */
export const openClaimHref = (coverageId: string): string =>
  `/agent/claims?coverage=${encodeURIComponent(coverageId)}`;

/** Writes the claim's summaries (organisation and customer documents) when they differ. */
export function refreshClaimSummaries(client: SyncClient, orgId: string, claimId: string): void {
  const claimDoc = client.open<"claim">(documentName.claim(orgId, claimId)).getState();
  const claim = claimDoc.data.claim as ClaimRecord | undefined;
  if (!claimDoc.loaded || !claim || claim.version !== CLAIM_SHAPE_VERSION) return;
  const summary = claimSummaryOf(claim, (claimDoc.data.checklist ?? {}) as Record<string, ChecklistItem>);
  const same = (stored: unknown) => JSON.stringify(stored) === JSON.stringify(summary);
  const org = client.open<"org">(documentName.org(orgId));
  if (org.getState().loaded && !same(org.getState().data.claims?.[claimId]))
    org.writeDerived((t) => t.setWhole("claims", [claimId], summary));
  const customer = client.open<"customer">(documentName.customer(orgId, claim.customerId));
  if (customer.getState().loaded && !same(customer.getState().data.claims?.[claimId]))
    customer.writeDerived((t) => t.setWhole("claims", [claimId], summary));
}

/**
 * Creates a claim document from an engine-computed claim, with the plan's checklist, and writes its
 * summaries; returns the new claim's id once they are stored on the device (SyncClient.whenStored;
 * rejects when the device cannot store them). Works offline: the documents sync on the next connection.
 */
export async function createClaim(
  client: SyncClient,
  orgId: string,
  customerId: string,
  computed: ComputedClaim,
  by: string,
  now: Date,
): Promise<string> {
  const id = newRecordId();
  const at = now.toISOString();
  const claim: ClaimRecord = {
    version: CLAIM_SHAPE_VERSION,
    id,
    customerId,
    ...computed,
    computedAt: at,
    status: "open",
    createdAt: at,
    updatedAt: at,
    updatedBy: by,
  };
  const doc = client.open<"claim">(documentName.claim(orgId, id));
  // A new document loads its (empty) device copy first; offline too.
  await doc.ready;
  doc.write((t) => {
    for (const [field, value] of Object.entries(claim))
      if (value !== undefined) t.set("claim", [field], value);
    for (const template of claimChecklist(computed.plan, computed.commodity)) {
      const itemId = newRecordId();
      const item: ChecklistItem = {
        id: itemId,
        ...template,
        status: "needed",
        createdAt: at,
        updatedAt: at,
        updatedBy: by,
      };
      t.set("checklist", [itemId], item);
    }
  });
  // The org and customer documents are open already on an agent's device (lists, the coverage).
  const org = client.open<"org">(documentName.org(orgId));
  const customer = client.open<"customer">(documentName.customer(orgId, customerId));
  await Promise.all([org.ready, customer.ready]);
  const checklist = doc.getState().data.checklist ?? {};
  const summary = claimSummaryOf(claim, checklist as Record<string, ChecklistItem>);
  org.write((t) => t.setWhole("claims", [id], summary));
  customer.write((t) => t.setWhole("claims", [id], summary));
  // The claim is opened (the screen leaves for it) only once it is stored on the device: a reload or
  // a closed tab right after cannot lose it (docs/local-first.md).
  await client.whenStored();
  return id;
}
