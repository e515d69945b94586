// Document names (ARCHITECTURE.md "Documents"). A Yjs document is the unit of reading and writing, so
// names are cut along access lines and parsed with ONE strict regex: anything it does not match is an
// unknown document and is refused before any document is loaded.

export const DOCUMENT_KINDS = [
  "org",
  "book",
  "customer",
  "customerInternal",
  "campaign",
  "claim",
  "watchlist",
  "market",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentRef =
  | { kind: "org"; name: string; orgId: string }
  | { kind: "book"; name: string; orgId: string }
  | { kind: "customer"; name: string; orgId: string; customerId: string }
  | { kind: "customerInternal"; name: string; orgId: string; customerId: string }
  | { kind: "campaign"; name: string; orgId: string; campaignId: string }
  | { kind: "claim"; name: string; orgId: string; claimId: string }
  | { kind: "watchlist"; name: string; userId: string }
  | { kind: "market"; name: string };

/** An id segment: letters, digits, `_`, `-`, `.`, `|` (Auth0 subjects look like `auth0|abc`), 1-128 chars, not starting with a dot. */
const ID = "[A-Za-z0-9_|-][A-Za-z0-9_.|-]{0,127}";

export const DOCUMENT_NAME_PATTERN = new RegExp(
  "^(?:" +
    `org/(?<orgId>${ID})` +
    `(?:/(?:(?<book>book)|customer/(?<customerId>${ID})(?<internal>/internal)?|campaign/(?<campaignId>${ID})|claim/(?<claimId>${ID})))?` +
    `|user/(?<userId>${ID})/watchlist` +
    "|(?<market>market/current)" +
    ")$",
);

/** Parses a document name; null when it is not one of the names ARCHITECTURE.md lists. */
export function parseDocumentName(name: string): DocumentRef | null {
  if (typeof name !== "string" || name.length > 300) return null;
  const groups = DOCUMENT_NAME_PATTERN.exec(name)?.groups;
  if (!groups) return null;
  const { orgId, book, customerId, internal, campaignId, claimId, userId, market } = groups;
  if (market) return { kind: "market", name };
  if (userId) return { kind: "watchlist", name, userId };
  if (!orgId) return null;
  if (book) return { kind: "book", name, orgId };
  if (customerId) return { kind: internal ? "customerInternal" : "customer", name, orgId, customerId };
  if (campaignId) return { kind: "campaign", name, orgId, campaignId };
  if (claimId) return { kind: "claim", name, orgId, claimId };
  return { kind: "org", name, orgId };
}

/** Builds the name of a document; the inverse of parseDocumentName. */
export const documentName = {
  org: (orgId: string) => `org/${orgId}`,
  /** The agent book's index (summaries of every record, for the lists): agents and staff only. */
  book: (orgId: string) => `org/${orgId}/book`,
  customer: (orgId: string, customerId: string) => `org/${orgId}/customer/${customerId}`,
  customerInternal: (orgId: string, customerId: string) => `org/${orgId}/customer/${customerId}/internal`,
  campaign: (orgId: string, campaignId: string) => `org/${orgId}/campaign/${campaignId}`,
  claim: (orgId: string, claimId: string) => `org/${orgId}/claim/${claimId}`,
  watchlist: (userId: string) => `user/${userId}/watchlist`,
  market: () => "market/current",
} as const;
