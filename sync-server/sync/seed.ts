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
  if (!(await storage.settings.claimMarker("seed:demo-users:v1"))) return false;
  for (const user of DEMO_USERS) {
    await storage.members.upsertUser({ id: user.sub, email: user.email, name: user.name });
    for (const role of user.roles) await storage.members.addMembership(user.sub, user.orgId, role);
    if (user.customerId) await storage.members.linkCustomer(user.sub, user.orgId, user.customerId);
  }
  return true;
}

/** The `meta` section the server writes into every document it creates or migrates (SYNC5, SYNC6). */
const serverMeta = (): Record<string, unknown> => ({ schemaVersion: DOCUMENT_SCHEMA_VERSION });

/** Sections only the server writes that a device's copy may carry back (SYNC8). */
const SERVER_ONLY = new Set(["meta", "members"]);

const sameEntries = (a: Y.Map<unknown>, b: Y.Map<unknown> | null): boolean => {
  if (!b || a.size !== b.size) return false;
  for (const [key, value] of a) {
    if (!b.has(key)) return false;
    const other = b.get(key);
    const plain = (v: unknown) => JSON.stringify(v instanceof Y.AbstractType ? v.toJSON() : v);
    if (value instanceof Y.AbstractType || plain(value) !== plain(other)) return false;
  }
  return true;
};

/**
 * Whether a client's write to a section only the server writes leaves that section exactly as the
 * server has written it (rule SYNC8): `meta` holding nothing but the current schema version, the
 * organisation's member directory (`members`) entry for entry as the server's copy holds it, as plain
 * values. A device that kept a document the server lost or wrote again (a restore from an older
 * backup) holds the server's earlier writes of these sections and sends them back with its own
 * content; such a write changes nothing and is accepted, any other is not. `shadow` is the document
 * with the write applied (the guard's copy), `current` the server's document before it (without it,
 * only `meta` is judged, against what the server writes).
 */
export function isServerSeed(section: string, shadow: Y.Doc, current?: Y.Doc): boolean {
  if (!SERVER_ONLY.has(section) || !shadow.share.has(section)) return false;
  const written = shadow.getMap(section);
  if (current) {
    const held = current.share.has(section) ? current.getMap(section) : null;
    if (!sameEntries(written, held)) return false;
  } else if (section !== "meta") return false;
  if (section !== "meta") return true;
  const expected = serverMeta();
  return (
    written.size === Object.keys(expected).length &&
    Object.entries(expected).every(([key, value]) => written.get(key) === value)
  );
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
    const members = await storage.members.listMembers(ref.orgId);
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
