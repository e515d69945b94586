// The encoded size of the 5,000-coverage book before and after schema version 4 (docs/sync-rules.md TEXT1: free text
// as shared text, addresses one key per field; goal: within 1.5x). Printed by `npm run bench:book` and
// runnable alone (`npx tsx bench/book-size.ts`). Two figures:
//   - the book document (`org/{orgId}/book`, the summaries the lists read), written as bench/book-data.ts
//     writes it — version 4 does not change it (summaries are plain values, no text fields);
//   - the customer documents behind it (2,000 customers: profile, entities, policies, coverages), made
//     from the same generated book: as version 3 stored them (plain strings, records as maps), as the
//     server's migration to version 4 leaves them (texts and address maps added to the same history),
//     and as version 4 creates them (records made with their texts).
import { fileURLToPath } from "node:url";
import * as Y from "yjs";
import {
  sampleEntity,
  sampleLgmEndorsement,
  sampleLrpCoverage,
  samplePolicy,
  sampleProfile,
} from "../shared/book/test-fixtures";
import { migrateDocument } from "../shared/documents/migrations";
import { PRECREATED, recordPrecreated, withPrecreated } from "../shared/documents/text-fields";
import { applyTransaction, DocumentTransaction } from "../src/lib/sync/typed/typed-document";
import { changedSections, documentJson, writeSections } from "../sync-server/sync/doc-json";
import { upgradeTexts } from "../sync-server/sync/text-upgrade";
import { type Book, generateBook } from "./book-data";

const SIZE = { customers: 2_000, coverages: 5_000 };
const AS_OF = "2026-11-20";

/** The book document as writeBook stores it: each summary one value. */
function bookDocumentBytes(book: Book): number {
  const doc = new Y.Doc();
  for (const section of ["customers", "entities", "policies", "coverages"] as const)
    doc.transact(() => {
      const map = doc.getMap(section);
      for (const record of book[section]) map.set(record.id, structuredClone(record));
    });
  return Y.encodeStateAsUpdate(doc).byteLength;
}

type RecordsById = Record<string, Record<string, unknown>>;
interface Records {
  profile: Record<string, unknown>;
  entities: RecordsById;
  policies: RecordsById;
  coverages: RecordsById;
}

/** Each customer's full records, from the generated summaries (figures of the sample records). */
function customerRecords(book: Book): Map<string, Records> {
  const byCustomer = new Map<string, Records>();
  for (const c of book.customers)
    byCustomer.set(c.id, {
      profile: sampleProfile({ id: c.id, name: c.name }),
      entities: {},
      policies: {},
      coverages: {},
    });
  const customerOfPolicy = new Map<string, string>();
  for (const e of book.entities) {
    const records = byCustomer.get(e.customerId);
    if (records) records.entities[e.id] = sampleEntity({ id: e.id, legalName: e.legalName });
  }
  for (const p of book.policies) {
    customerOfPolicy.set(p.id, p.customerId);
    const records = byCustomer.get(p.customerId);
    if (records) records.policies[p.id] = samplePolicy({ id: p.id, plan: p.plan, providerId: p.providerId });
  }
  for (const v of book.coverages) {
    const records = byCustomer.get(customerOfPolicy.get(v.policyId) ?? "");
    if (!records) continue;
    records.coverages[v.id] =
      v.plan === "lgm"
        ? sampleLgmEndorsement({ id: v.id, policyId: v.policyId })
        : sampleLrpCoverage({ id: v.id, policyId: v.policyId });
  }
  return byCustomer;
}

/** Version 3 on the device: profile fields one key each, records as maps of plain values. */
function v3Document(records: Records): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    doc.getMap("meta").set("schemaVersion", 3);
    const profile = doc.getMap("profile");
    for (const [key, value] of Object.entries(records.profile)) profile.set(key, value);
    for (const section of ["entities", "policies", "coverages"]) {
      const map = doc.getMap(section);
      for (const [id, record] of Object.entries(records[section as "entities"])) {
        const entry = new Y.Map<unknown>();
        for (const [key, value] of Object.entries(record)) entry.set(key, value);
        map.set(id, entry);
      }
    }
  });
  return doc;
}

/** The server's migration to version 4 of a stored version-3 document (persistence.ts). */
function migrated(doc: Y.Doc): Y.Doc {
  const json = documentJson(doc);
  const next = migrateDocument("customer", json, { now: `${AS_OF}T12:00:00.000Z`, recordId: "" });
  doc.transact(() => {
    writeSections(doc, changedSections(json, next));
    upgradeTexts(doc, "customer");
  });
  return doc;
}

/** Version 4 as the device creates records (use-customer-book: made with their texts). */
function v4Document(records: Records): Y.Doc {
  const doc = new Y.Doc();
  doc.getMap("meta").set("schemaVersion", 4);
  const t = new DocumentTransaction("customer");
  const profile = withPrecreated(records.profile, PRECREATED.customer?.profile ?? []);
  for (const [key, value] of Object.entries(profile)) t.set("profile", [key], value);
  for (const section of ["entities", "policies", "coverages"] as const)
    for (const [id, record] of Object.entries(records[section]))
      t.set(section, [id], withPrecreated(record, recordPrecreated("customer", section)));
  applyTransaction(doc, t, "bench");
  return doc;
}

export function bookSizes(): string[] {
  const book = generateBook(SIZE, AS_OF);
  const bookBytes = bookDocumentBytes(book);
  let v3 = 0;
  let v3to4 = 0;
  let v4 = 0;
  for (const records of customerRecords(book).values()) {
    v3 += Y.encodeStateAsUpdate(v3Document(records)).byteLength;
    v3to4 += Y.encodeStateAsUpdate(migrated(v3Document(records))).byteLength;
    v4 += Y.encodeStateAsUpdate(v4Document(records)).byteLength;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const ratio = (a: number) => `${(a / v3).toFixed(2)}x`;
  const goal = Math.max(v3to4, v4) / v3 <= 1.5 ? "goal ≤ 1.5x holds" : "goal ≤ 1.5x FAILS";
  return [
    `encoded size, book document of ${SIZE.coverages.toLocaleString("en-US")} coverages: ${kb(bookBytes)} (the same at version 3 and 4: summaries hold no shared text)`,
    `encoded size, its ${SIZE.customers.toLocaleString("en-US")} customer documents: version 3 ${kb(v3)}; migrated to 4 ${kb(v3to4)} (${ratio(v3to4)}); created at 4 ${kb(v4)} (${ratio(v4)}) — ${goal}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) for (const line of bookSizes()) console.log(line);
