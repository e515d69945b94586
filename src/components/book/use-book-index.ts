import { useMemo } from "react";
import type {
  CoverageSummary,
  CustomerSummary,
  EntitySummary,
  PolicySummary,
} from "../../../shared/documents/book";
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
  /** Customer names by id, for list columns. */
  customerNames: ReadonlyMap<string, string>;
}

const EMPTY: never[] = [];

export function useBookIndex(): BookIndex {
  const { orgId } = useSession();
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const data = org.state?.data;
  return useMemo(() => {
    const customers = data?.customers ? Object.values(data.customers) : EMPTY;
    return {
      orgId,
      loaded: org.state?.loaded ?? false,
      customers,
      entities: data?.entities ? Object.values(data.entities) : EMPTY,
      policies: data?.policies ? Object.values(data.policies) : EMPTY,
      coverages: data?.coverages ? Object.values(data.coverages) : EMPTY,
      customerNames: new Map(customers.map((c) => [c.id, c.name])),
    };
  }, [data, orgId, org.state?.loaded]);
}
