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
import { useKeepCoverageList } from "./keep-coverage-list";

// The whole book as lists, from the book document's summaries (`org/{orgId}/book`; no customer document
// needed) and the organisation document's claim summaries: what the agent hub and the customers,
// entities, policies, coverages and claims lists read. Only screens that list the book open the book
// document. On a page load its lists first come from the device's copy of the last read
// (`state.cached`, src/lib/sync), then from the document itself once it is loaded.

export interface BookIndex {
  orgId: string | null;
  /**
   * The book document is loaded from the device (the lists below are complete and current). Before
   * that, the lists may already show the device's copy of the last read, or be empty.
   */
  loaded: boolean;
  /**
   * The lists hold the coverages of the device's copy of the last read or of the document (before it
   * has loaded, possibly none yet).
   */
  hasCoverages: boolean;
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
  const name = orgId ? documentName.book(orgId) : null;
  const book = useDocument<"book">(name);
  // Every screen of the book keeps the coverage list's copy in step with the document.
  useKeepCoverageList(name, book.state !== null);
  const org = useDocument<"org">(orgId ? documentName.org(orgId) : null);
  const data = book.state?.data;
  const loaded = book.state?.loaded ?? false;
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
  const claimsSection = org.state?.data.claims;
  const claims = useMemo(() => (claimsSection ? Object.values(claimsSection) : EMPTY), [claimsSection]);
  const customerNames = useMemo(() => new Map(customers.map((c) => [c.id, c.name])), [customers]);
  const hasCoverages = coveragesSection !== undefined;
  return useMemo(
    () => ({ orgId, loaded, hasCoverages, customers, entities, policies, coverages, claims, customerNames }),
    [orgId, loaded, hasCoverages, customers, entities, policies, coverages, claims, customerNames],
  );
}
