import * as Y from "yjs";
import { generateBook } from "./book-data";

// The encoded size of the largest legitimate document (issue 24 §5): the agent book of `bench:book`
// (2,000 customers, 5,000 coverages, with their entities and policies) written as the app writes it,
// each summary one value, 500 to a transaction; then once more with every summary edited ten times (a
// year of edits before a compaction keeps the overwritten values' ids, not their content). The document
// size cap (SYNC_MAX_DOCUMENT_BYTES, docs/hardening.md) is set well above both.
// Run: npx tsx bench/book-size.ts

const book = generateBook({ customers: 2_000, coverages: 5_000 }, "2026-11-20");
const doc = new Y.Doc();
const sections = [
  ["customers", book.customers],
  ["entities", book.entities],
  ["policies", book.policies],
  ["coverages", book.coverages],
] as const;
for (const [section, records] of sections)
  for (let i = 0; i < records.length; i += 500)
    doc.transact(() => {
      const map = doc.getMap(section);
      for (const record of records.slice(i, i + 500)) map.set(record.id, structuredClone(record));
    });
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const written = Y.encodeStateAsUpdate(doc).byteLength;
for (let round = 0; round < 10; round++)
  for (const [section, records] of sections)
    doc.transact(() => {
      const map = doc.getMap(section);
      for (const record of records) map.set(record.id, structuredClone(record));
    });
const edited = Y.encodeStateAsUpdate(doc).byteLength;
const counts = sections.map(([s, r]) => `${r.length} ${s}`).join(", ");
console.log(
  `book of ${counts}: ${mib(written)} written, ${mib(edited)} after every summary was rewritten 10 times`,
);
