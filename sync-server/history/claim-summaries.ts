import type { Hocuspocus } from "@hocuspocus/server";
import { claimSummaryOf } from "../../shared/book/claims";
import {
  type ChecklistItem,
  CLAIM_SHAPE_VERSION,
  type ClaimSummary,
  isClaimRecord,
} from "../../shared/documents/claim";
import { documentName } from "../../shared/documents/names";
import { validateEntry } from "../../shared/documents/shapes";
import { storedDocumentJson } from "../campaigns/stored-doc";
import type { Storage } from "../storage/types";
import { documentJson } from "../sync/doc-json";

// After a restore (restore.ts), the claim summaries — the organisation document's `claims` (the claims
// list, the hub, the server's claim proposals) and the customer document's `claims` (My coverages) —
// are brought in line with the claim documents as they now are, by the definition the devices use
// (shared/book/claims.ts claimSummaryOf): those that differ are written, those of a claim document that
// has no claim are removed. A summary of a claim written before the claim's shape had a version
// (legacy) is left as it is: the devices derive none from it either. Without this the lists would show
// the state before the restore until an agent's device opened the claim and wrote its summaries again.

export interface ClaimSummaryRefresh {
  written: number;
  removed: number;
  /** Summaries the document's schema refuses (left as they were), as "document: claims/id". */
  refused: string[];
}

/** What a claim document implies for its summaries: one, none (no claim: removed), or "keep" (legacy). */
type Implied = ClaimSummary | null | "keep";

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const plain = (value: unknown) =>
  typeof (value as { toJSON?: unknown } | null)?.toJSON === "function"
    ? (value as { toJSON(): unknown }).toJSON()
    : value;

/** The summary a claim document's JSON implies. */
export function impliedSummary(json: Record<string, unknown>): Implied {
  const claim = json.claim as Record<string, unknown> | undefined;
  if (!claim || Object.keys(claim).length === 0) return null;
  if (claim.version !== CLAIM_SHAPE_VERSION || !isClaimRecord(claim)) return "keep";
  return claimSummaryOf(claim, (json.checklist ?? {}) as Record<string, ChecklistItem>);
}

/** The claim's customer in a claim document's JSON (absent: none). */
export const claimCustomerOf = (json: Record<string, unknown>): string | null => {
  const id = (json.claim as { customerId?: unknown } | undefined)?.customerId;
  return typeof id === "string" && id !== "" ? id : null;
};

/** A document as JSON: the open one when this instance has it in memory, else as stored. */
async function readDocument(
  hocuspocus: Hocuspocus,
  storage: Storage,
  name: string,
): Promise<Record<string, unknown>> {
  const open = hocuspocus.documents.get(name);
  return open ? documentJson(open) : storedDocumentJson(storage, name);
}

const exists = async (hocuspocus: Hocuspocus, storage: Storage, name: string) =>
  hocuspocus.documents.has(name) || (await storage.listDocuments(name)).includes(name);

/** Every claim document of the organisation, by claim id, with the summary it implies. */
async function organisationClaims(
  hocuspocus: Hocuspocus,
  storage: Storage,
  orgId: string,
): Promise<Map<string, Implied>> {
  const prefix = documentName.claim(orgId, "");
  const claims = new Map<string, Implied>();
  for (const name of await storage.listDocuments(prefix)) {
    const claimId = name.slice(prefix.length);
    if (claimId === "" || claimId.includes("/")) continue;
    claims.set(claimId, impliedSummary(await readDocument(hocuspocus, storage, name)));
  }
  return claims;
}

/**
 * Writes `wanted` into the `claims` section of `name` (a summary: set when it differs; null: removed),
 * in one update of the live document; `others` decides about the section's other entries (true:
 * remove). Returns the customers that the summaries of `wanted`'s claims named before.
 */
async function writeSummaries(
  hocuspocus: Hocuspocus,
  name: string,
  kind: "org" | "customer",
  wanted: ReadonlyMap<string, ClaimSummary | null>,
  result: ClaimSummaryRefresh,
  others: (key: string, value: unknown) => boolean = () => false,
): Promise<Set<string>> {
  const named = new Set<string>();
  const direct = await hocuspocus.openDirectConnection(name, { server: true });
  try {
    await direct.transact((doc) => {
      const map = doc.getMap("claims");
      for (const [key, value] of [...map.entries()]) {
        const before = plain(value) as { customerId?: unknown } | null;
        if (wanted.has(key) && typeof before?.customerId === "string") named.add(before.customerId);
        if (wanted.get(key) === null || (!wanted.has(key) && others(key, before))) {
          map.delete(key);
          result.removed++;
        }
      }
      for (const [key, summary] of wanted) {
        if (summary === null || same(plain(map.get(key)), summary)) continue;
        if (validateEntry(kind, "claims", key, summary).length > 0) {
          result.refused.push(`${name}: claims/${key}`);
          continue;
        }
        map.set(key, summary);
        result.written++;
      }
    });
    return named;
  } finally {
    await direct.disconnect();
  }
}

/**
 * After a claim document's restore: its summary in the organisation document and in its customer's
 * document follow the claim as it now is; a customer the claim no longer names (the one it named
 * before the restore, or the organisation's summary did) loses it. The server's claim link (who may
 * read the claim, ACL7) follows the claim's customer too.
 */
export async function refreshAfterClaimRestore(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  orgId: string;
  claimId: string;
  claim: Record<string, unknown>;
  /** The claim's customer before the restore. */
  customerBefore: string | null;
}): Promise<ClaimSummaryRefresh> {
  const { hocuspocus, storage, orgId, claimId } = options;
  const result: ClaimSummaryRefresh = { written: 0, removed: 0, refused: [] };
  const customerNow = claimCustomerOf(options.claim);
  if ((await storage.claims.getClaimCustomer(orgId, claimId)) !== customerNow)
    await storage.claims.setClaimCustomer(orgId, claimId, customerNow);
  const implied = impliedSummary(options.claim);
  if (implied === "keep") return result;
  const orgName = documentName.org(orgId);
  const wanted = new Map([[claimId, implied]]);
  const customers = new Set([customerNow, options.customerBefore]);
  if (await exists(hocuspocus, storage, orgName)) {
    const named = await writeSummaries(hocuspocus, orgName, "org", wanted, result);
    for (const id of named) customers.add(id);
  }
  for (const customerId of customers) {
    if (customerId === null) continue;
    const name = documentName.customer(orgId, customerId);
    if (!(await exists(hocuspocus, storage, name))) continue;
    const own = customerId === customerNow ? wanted : new Map([[claimId, null]]);
    await writeSummaries(hocuspocus, name, "customer", own, result);
  }
  return result;
}

/**
 * After a restore that wrote a customer document's `claims` (the whole document, the section or one
 * entry): its summaries follow the organisation's claim documents that name this customer, and one of
 * a claim that has no document, no claim or another customer is removed.
 */
export async function refreshAfterCustomerRestore(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  orgId: string;
  customerId: string;
}): Promise<ClaimSummaryRefresh> {
  const { hocuspocus, storage, orgId, customerId } = options;
  const result: ClaimSummaryRefresh = { written: 0, removed: 0, refused: [] };
  const claims = await organisationClaims(hocuspocus, storage, orgId);
  const wanted = new Map<string, ClaimSummary>();
  for (const [claimId, implied] of claims)
    if (implied !== null && implied !== "keep" && implied.customerId === customerId)
      wanted.set(claimId, implied);
  const name = documentName.customer(orgId, customerId);
  await writeSummaries(hocuspocus, name, "customer", wanted, result, (key) => claims.get(key) !== "keep");
  return result;
}

/**
 * After a restore that wrote the organisation document's `claims`: every summary follows its claim
 * document, and one of a claim that has no document or no claim is removed.
 */
export async function refreshAfterOrgRestore(options: {
  hocuspocus: Hocuspocus;
  storage: Storage;
  orgId: string;
}): Promise<ClaimSummaryRefresh> {
  const { hocuspocus, storage, orgId } = options;
  const result: ClaimSummaryRefresh = { written: 0, removed: 0, refused: [] };
  const claims = await organisationClaims(hocuspocus, storage, orgId);
  const wanted = new Map<string, ClaimSummary>();
  for (const [claimId, implied] of claims)
    if (implied !== null && implied !== "keep") wanted.set(claimId, implied);
  await writeSummaries(
    hocuspocus,
    documentName.org(orgId),
    "org",
    wanted,
    result,
    (key) => claims.get(key) !== "keep",
  );
  return result;
}
