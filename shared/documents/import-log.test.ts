import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importLogEntrySchema, savedMappingSchema, sourceKey } from "./import-log";
import { validateEntry } from "./shapes";

const AT = "2026-11-18T18:00:00.000Z";

describe("book import log and saved mappings (book document)", () => {
  it("one source per header row, whatever the case or surrounding spaces; another row is another source", () => {
    expect(sourceKey(["Insured Name", "Policy #"])).toBe(sourceKey([" insured name", "POLICY # "]));
    expect(sourceKey(["Insured Name", "Policy #"])).not.toBe(sourceKey(["Policy #", "Insured Name"]));
    expect(sourceKey(["a,b"])).not.toBe(sourceKey(["a", "b"]));
  });

  it("a source key is always a valid record key (property: any header row a file can hold)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 300 }), { maxLength: 300 }), (headers) => {
        const key = sourceKey(headers);
        expect(key).toMatch(/^src-[0-9a-f]{16}$/);
      }),
    );
  });

  it("the book document takes a saved mapping and an import entry, keyed by their id", () => {
    const mapping = {
      id: sourceKey(["Insured Name", "Head"]),
      fileName: "book.csv",
      headers: ["Insured Name", "Head"],
      mapping: { version: 1, columns: { "Insured Name": "customerName", Head: "head" } },
      updatedAt: AT,
      updatedBy: "auth0|agent",
    };
    expect(savedMappingSchema.parse(mapping)).toEqual(mapping);
    expect(validateEntry("book", "importMappings", mapping.id, mapping)).toEqual([]);
    const entry = {
      id: "imp-1",
      fileName: "book.csv",
      source: mapping.id,
      at: AT,
      by: "auth0|agent",
      created: 3,
      updated: 0,
      unchanged: 1,
      refused: 1,
      customers: ["c-1"],
    };
    expect(validateEntry("book", "imports", "imp-1", entry)).toEqual([]);
    expect(
      validateEntry("book", "imports", "imp-2", entry)
        .map((i) => i.message)
        .join(),
    ).toContain('differs from its key "imp-2"');
    // A mapping to a field that does not exist, and a count that is not a count: refused, with where.
    const badMapping = { ...mapping, mapping: { version: 1, columns: { Head: "heads" } } };
    expect(validateEntry("book", "importMappings", mapping.id, badMapping)[0]?.path).toContain("mapping");
    const badCount = importLogEntrySchema.safeParse({ ...entry, created: -1 });
    expect(badCount.success).toBe(false);
    expect(badCount.error?.issues[0]?.path).toEqual(["created"]);
  });
});
