import * as Y from "yjs";
import type { DocumentRef } from "../../shared/documents/names";
import { DOCUMENT_SCHEMA_VERSION } from "../../shared/documents/shapes";
import { DEMO_USERS } from "../identity/demo-users";
import { publishedSection } from "../market/encoded";
import type { Storage } from "../storage/types";

/**
 * Seeds the users, organisation memberships and customer links of the demo users, once per database
 * (development and test only). Membership lives in these tables, never in an editable document.
 */
export async function seedDemoData(storage: Storage): Promise<boolean> {
  if (!(await storage.claimMarker("seed:demo-users:v1"))) return false;
  for (const user of DEMO_USERS) {
    await storage.upsertUser({ id: user.sub, email: user.email, name: user.name });
    for (const role of user.roles) await storage.addMembership(user.sub, user.orgId, role);
    if (user.customerId) await storage.linkCustomer(user.sub, user.orgId, user.customerId);
  }
  return true;
}

/** The `meta` section the server writes into every document it creates or migrates (SYNC5, SYNC6). */
const serverMeta = (): Record<string, unknown> => ({ schemaVersion: DOCUMENT_SCHEMA_VERSION });

/**
 * Whether a client's write to a section only the server writes leaves that section exactly as the
 * server itself writes it (rule SYNC7): `meta` holding nothing but the current schema version, as a
 * plain value. A device that kept a document the server lost (a restore from an older backup) holds
 * the old server's `meta` write and sends it back with its own content; that write is accepted, any
 * other is not. `shadow` is the document with the write applied (the guard's copy). Any other section
 * is never a server seed here (the member directory depends on the membership table).
 */
export function isServerSeed(section: string, shadow: Y.Doc): boolean {
  if (section !== "meta" || !shadow.share.has("meta")) return false;
  const meta = shadow.getMap("meta");
  const expected = serverMeta();
  if (meta.size !== Object.keys(expected).length) return false;
  for (const [key, value] of Object.entries(expected)) {
    const written = meta.get(key);
    if (written instanceof Y.AbstractType || written !== value) return false;
  }
  return true;
}

export type MarketSeed = () => Record<string, unknown> | null | Promise<Record<string, unknown> | null>;

/**
 * The content the server writes into a document when it loads it (rule SYNC5): the schema version of
 * a new document, the organisation's member directory from the membership table, and the market
 * snapshot when one is available. Sections listed here are replaced at their top level.
 */
export async function serverSections(
  ref: DocumentRef,
  storage: Storage,
  isNew: boolean,
  marketSeed?: MarketSeed,
): Promise<Record<string, Record<string, unknown>>> {
  const sections: Record<string, Record<string, unknown>> = {};
  if (isNew) sections.meta = serverMeta();
  if (ref.kind === "org") {
    const members = await storage.listMembers(ref.orgId);
    sections.members = Object.fromEntries(
      members.map((m) => [
        m.id,
        { id: m.id, email: m.email, name: m.name ?? m.email ?? m.id, roles: m.roles },
      ]),
    );
  }
  if (ref.kind === "market" && isNew && marketSeed) {
    const snapshot = await marketSeed();
    // The notice of the snapshot, as a publish writes it (sync-server/market/encoded.ts).
    if (snapshot) sections.snapshot = publishedSection(snapshot);
  }
  return sections;
}
