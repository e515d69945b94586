import { useMemo } from "react";
import type {
  CoverageSummary,
  CustomerSummary,
  EntitySummary,
  PolicySummary,
} from "../../../shared/documents/book";
import type { ClaimSummary } from "../../../shared/documents/claim";
import { documentName } from "../../../shared/documents/names";
import { useSession } from "../../lib/auth/session";
import { useDocument } from "../../lib/sync";

// The whole book as lists, from the organisation document's summaries (no customer document needed):
// what the agent hub and the customers, entities, policies and coverages lists read.

export interface BookIndex {
  orgId: string | null;
  /** The organisation document is on the device (the lists below are usable). */
  loaded: boolean;
  customers: CustomerSummary[];
  entities: EntitySummary[];
  policies: PolicySummary[];
  coverages: CoverageSummary[];
  /** Claim summaries (shared/documents/claim.ts), for the claims list and the hub. */
  claims: ClaimSummary[];
  /** Customer names by id, for list columns. */
  customerNames: ReadonlyMap<string, string>;
}

const EMPTY: never[] = [];

export function useBookIndex(): BookIndex {
  const { orgId } = useSession();
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const data = org.state?.data;
  const loaded = org.state?.loaded ?? false;
  // One memo per section: a read keeps the object of a section no change touched (the sync layer
  // parses only what changed), so a new coverage does not rebuild the customers list and its rows.
  const customersSection = data?.customers;
  const customers = useMemo(
    () => (customersSection ? Object.values(customersSection) : EMPTY),
    [customersSection],
  );
  const entitiesSection = data?.entities;
  const entities = useMemo(
    () => (entitiesSection ? Object.values(entitiesSection) : EMPTY),
    [entitiesSection],
  );
  const policiesSection = data?.policies;
  const policies = useMemo(
    () => (policiesSection ? Object.values(policiesSection) : EMPTY),
    [policiesSection],
  );
  const coveragesSection = data?.coverages;
  const coverages = useMemo(
    () => (coveragesSection ? Object.values(coveragesSection) : EMPTY),
    [coveragesSection],
  );
  const claimsSection = data?.claims;
  const claims = useMemo(() => (claimsSection ? Object.values(claimsSection) : EMPTY), [claimsSection]);
  const customerNames = useMemo(() => new Map(customers.map((c) => [c.id, c.name])), [customers]);
  return useMemo(
    () => ({ orgId, loaded, customers, entities, policies, coverages, claims, customerNames }),
    [orgId, loaded, customers, entities, policies, coverages, claims, customerNames],
  );
}
