import { COMMISSION_ADMIN_SECTIONS, COMMISSION_AGENT_SECTIONS } from "../documents/commission";
import type { DocumentRef } from "../documents/names";
import { BOOK_IMPORT_SECTIONS, BOOK_INDEX_SECTIONS } from "../documents/shapes";
import type { Role } from "./roles";

// The document access policy (ARCHITECTURE.md "Documents"; rules ACL1-ACL9 in docs/sync-rules.md) as
// pure data plus one function. Who belongs to which organisation, and which customer record a user is
// linked to, comes from the server's tables — never from a document or a token's say-so alone.

export type Access = "none" | "read" | "write";

/**
 * What a role may do with a document of the organisation it is a member of. `write` lists the sections
 * it may write ("*" = every section but `meta`, which only the server writes).
 */
export interface Grant {
  access: Access;
  write: readonly string[] | "*";
}

const NONE: Grant = { access: "none", write: [] };
const READ: Grant = { access: "read", write: [] };
const WRITE: Grant = { access: "write", write: "*" };
const writes = (...sections: string[]): Grant => ({ access: "write", write: sections });

/** The organisation document's summary section of the agent book that agents write (ACL3). */
export const ORG_SUMMARY_SECTIONS = ["claims"] as const;

/**
 * Role × kind for documents of the member's own organisation. Linked-customer access (customer,
 * claim), the owner of a watchlist and the market snapshot are decided in documentAccess below.
 */
export const ORG_DOCUMENT_POLICY: Readonly<
  Record<
    "org" | "book" | "customer" | "customerInternal" | "campaign" | "claim",
    Readonly<Record<Role, Grant>>
  >
> = {
  // Org members read; admin writes settings; agents write the claim summaries. The member directory
  // mirrors the server's membership table and is written by the server only. Customers are not staff:
  // the summaries list other producers, so they get no access.
  org: {
    admin: writes("settings"),
    superAdmin: READ,
    agent: writes(...ORG_SUMMARY_SECTIONS),
    customer: NONE,
    partner: READ,
  },
  // The book's index (ACL3b): the summaries of every customer, entity, policy and coverage
  // (shared/book/summaries.ts), which were the organisation document's until schema version 3 and keep
  // its access: agents write them, the other staff roles read, customers get nothing. Agents also write
  // the book import's saved mappings and its log of imports (shared/documents/import-log.ts).
  // Commissions (COMM1, shared/documents/commission.ts): admins write the rates and the agents' default
  // splits, agents a policy's split, premium changes and statements; customers never read any of it.
  book: {
    admin: writes(...COMMISSION_ADMIN_SECTIONS),
    superAdmin: READ,
    agent: writes(...BOOK_INDEX_SECTIONS, ...BOOK_IMPORT_SECTIONS, ...COMMISSION_AGENT_SECTIONS),
    customer: NONE,
    partner: READ,
  },
  customer: { admin: NONE, superAdmin: NONE, agent: WRITE, customer: NONE, partner: NONE },
  customerInternal: { admin: NONE, superAdmin: NONE, agent: WRITE, customer: NONE, partner: NONE },
  campaign: { admin: NONE, superAdmin: NONE, agent: WRITE, customer: NONE, partner: NONE },
  claim: { admin: NONE, superAdmin: NONE, agent: WRITE, customer: NONE, partner: NONE },
};

/** What the server's tables say about a signed-in user. */
export interface Subject {
  userId: string;
  /** Organisation memberships with the role held there (one entry per role). */
  memberships: readonly { orgId: string; role: Role }[];
  /** Customer records the user is linked to, as that customer. */
  customerLinks: readonly { orgId: string; customerId: string }[];
}

/** Extra facts about a document that only the server knows (from its tables). */
export interface DocumentFacts {
  /** For a claim: the customer it belongs to, if recorded. */
  claimCustomerId?: string | null;
}

const rank: Record<Access, number> = { none: 0, read: 1, write: 2 };

/** Combines grants from several roles: the widest access, the union of writable sections. */
function combine(grants: readonly Grant[]): Grant {
  if (grants.some((grant) => grant.access === "write" && grant.write === "*")) return WRITE;
  let access: Access = "none";
  const sections = new Set<string>();
  for (const grant of grants) {
    if (rank[grant.access] > rank[access]) access = grant.access;
    if (grant.write !== "*") for (const section of grant.write) sections.add(section);
  }
  return { access, write: [...sections] };
}

const isLinkedCustomer = (subject: Subject, orgId: string, customerId: string | null | undefined) =>
  customerId != null && subject.customerLinks.some((l) => l.orgId === orgId && l.customerId === customerId);

/** What `subject` may do with the document `ref`. */
export function documentAccess(subject: Subject, ref: DocumentRef, facts: DocumentFacts = {}): Grant {
  switch (ref.kind) {
    case "market":
      // Everyone signed in reads; only the server writes.
      return READ;
    case "watchlist":
      return ref.userId === subject.userId ? WRITE : NONE;
    default: {
      const roles = subject.memberships.filter((m) => m.orgId === ref.orgId).map((m) => m.role);
      const grant = combine(roles.map((role) => ORG_DOCUMENT_POLICY[ref.kind][role]));
      if (grant.access !== "none") return grant;
      if (ref.kind === "customer" && isLinkedCustomer(subject, ref.orgId, ref.customerId)) return READ;
      if (ref.kind === "claim" && isLinkedCustomer(subject, ref.orgId, facts.claimCustomerId)) return READ;
      return NONE;
    }
  }
}

/** Whether a grant lets its holder write `section` (never `meta`). */
export const maySection = (grant: Grant, section: string): boolean =>
  grant.access === "write" && section !== "meta" && (grant.write === "*" || grant.write.includes(section));
