import { useEffect, useMemo, useState } from "react";
import type {
  CoverageSummary,
  CustomerSummary,
  EntitySummary,
  PolicySummary,
} from "../../../shared/documents/book";
import type { ClaimSummary } from "../../../shared/documents/claim";
import { documentName } from "../../../shared/documents/names";
import { useSession } from "../../lib/auth/session";
import { useDocument, useSyncClient } from "../../lib/sync";
import { databaseName } from "../../lib/sync/database-names";
import { afterNextPaint } from "../../lib/sync/device-snapshot";
import { type CoverageListCopy, useCoverageListCopy, useKeepCoverageList } from "./coverage-list-copy";

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

export interface BookIndexOptions {
  /**
   * The coverage list: on a page load, paint the coverages and the customers' names from the device's
   * compact copy of them (coverage-list-copy.ts) and open the book document only after that paint
   * (reading and parsing the document's whole snapshot, then Yjs loading it, hold the main thread).
   * `firstPaint` then holds the copy until the book document has content of its own.
   */
  coverageListFirst?: boolean;
}

export function useBookIndex(options: BookIndexOptions = {}): BookIndex & {
  firstPaint: CoverageListCopy | null;
} {
  const { orgId, user } = useSession();
  const client = useSyncClient();
  const name = orgId ? documentName.book(orgId) : null;
  const database = name && user ? databaseName(user.sub, name) : null;
  // A book document already open when the screen came (an earlier screen of this page) is current: the
  // copy is for a page load.
  const [fromCopy] = useState(
    () => options.coverageListFirst === true && !(name !== null && client?.opened(name)),
  );
  const copy = useCoverageListCopy(fromCopy ? database : null);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!copy || painted) return;
    let current = true;
    void afterNextPaint().then(() => {
      if (current) setPainted(true);
    });
    return () => {
      current = false;
    };
  }, [copy, painted]);
  // While the copy is read (undefined) and until its rows are painted, the document waits.
  const waits = fromCopy && !painted && copy !== null;
  const book = useDocument<"book">(name && !waits ? name : null);
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
  // The copy until the document has content (its snapshot or its own).
  const firstPaint = copy && !loaded && !data?.coverages ? copy : null;
  return useMemo(
    () => ({ orgId, loaded, customers, entities, policies, coverages, claims, customerNames, firstPaint }),
    [orgId, loaded, customers, entities, policies, coverages, claims, customerNames, firstPaint],
  );
}
