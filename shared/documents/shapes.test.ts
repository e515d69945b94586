import { describe, expect, it } from "vitest";
import { sampleEntity } from "../book/test-fixtures";
import { checkClientSchema, migrateDocument } from "./migrations";
import {
  DOCUMENT_SCHEMA_VERSION,
  sectionsOf,
  validateDocument,
  validateEntry,
  validateSection,
} from "./shapes";

const meta = { schemaVersion: DOCUMENT_SCHEMA_VERSION };

describe("document shapes", () => {
  it("[SYNC3] accepts a valid document of each kind", () => {
    expect(
      validateDocument("org", { meta, settings: { name: "Demo", email: "a@b.test" }, claims: {} }),
    ).toEqual([]);
    expect(validateDocument("book", { meta, customers: {}, coverages: {} })).toEqual([]);
    expect(
      validateDocument("campaign", {
        meta,
        campaign: { name: "Weekly", status: "ACTIVE" },
        schedule: { frequency: "WEEKLY", startDate: "2026-01-05" },
        recipients: { r1: { id: "r1", status: "UNSUBSCRIBED" } },
      }),
    ).toEqual([]);
    expect(validateDocument("market", { meta, snapshot: { asOf: "2026-11-20" } })).toEqual([]);
  });

  it("[SYNC3] reports each problem with its path", () => {
    expect(validateDocument("org", { meta, settings: { email: "nope" } })).toEqual([
      { path: ["settings", "email"], message: expect.stringMatching(/e-mail/i) },
    ]);
    expect(validateDocument("campaign", { meta, recipients: { r1: { status: "GONE" } } })[0]?.path).toEqual([
      "recipients",
      "r1",
      "status",
    ]);
    expect(validateDocument("customer", { meta, entities: { a: sampleEntity({ id: "b" }) } })).toEqual([
      { path: ["entities", "a", "id"], message: 'id "b" differs from its key "a"' },
    ]);
  });

  it("[SYNC3] refuses sections a kind does not have, naming the ones it has", () => {
    const [issue] = validateDocument("watchlist", { meta, items: {}, extra: {} });
    expect(issue?.message).toBe('unknown section(s) "extra": a watchlist document holds meta, items');
    expect(sectionsOf("customerInternal")).toEqual([
      "meta",
      "notes",
      "quotes",
      "taxIds",
      "legacy",
      "heldCoverages",
    ]);
    // Version 3: the book index is the book document's, legacy records the internal document's.
    for (const section of ["customers", "entities", "policies", "coverages"])
      expect(sectionsOf("org")).not.toContain(section);
    expect(sectionsOf("book")).toEqual([
      "meta",
      "customers",
      "entities",
      "policies",
      "coverages",
      "importMappings",
      "imports",
      "commissionSchedules",
      "commissionAgents",
      "commissionSplits",
      "commissionEarnings",
      "commissionMappings",
      "commissionStatements",
    ]);
    expect(sectionsOf("customer")).not.toContain("legacy");
    expect(validateDocument("org", { meta, coverages: {} })[0]?.message).toMatch(
      /^unknown section\(s\) "coverages": a org document holds meta, settings, members, claims/,
    );
  });

  it("[SYNC3] checks one section, or some entries of a record section, with the same paths and messages", () => {
    expect(validateSection("customer", "entities", { a: sampleEntity({ id: "a" }) })).toEqual([]);
    expect(validateSection("customer", "entities", { a: sampleEntity({ id: "b" }) })).toEqual(
      validateDocument("customer", { meta, entities: { a: sampleEntity({ id: "b" }) } }),
    );
    expect(validateSection("org", "settings", { email: "nope" })).toEqual(
      validateDocument("org", { meta, settings: { email: "nope" } }),
    );
    expect(validateSection("watchlist", "extra", {})[0]?.message).toBe(
      'unknown section(s) "extra": a watchlist document holds meta, items',
    );
    // An unknown key inside a strict section is not an unknown section.
    expect(validateSection("org", "meta", { schemaVersion: 1, extra: 1 })[0]?.message).not.toMatch(/section/);
  });

  it("[SYNC3] checks one entry of a record section exactly as its section would", () => {
    const cases: [string, string, unknown][] = [
      ["entities", "a", sampleEntity({ id: "a" })],
      ["entities", "a", sampleEntity({ id: "b" })],
      ["entities", "a", { id: "a", name: "x" }],
      ["entities", "a", { name: "no id" }],
      ["entities", "a", { id: "b" }],
      ["entities", "a", { id: 5 }],
      ["entities", "", { id: "" }],
      ["entities", "x".repeat(129), {}],
      ["entities", "a", "not an object"],
      ["entities", "a", null],
      ["profile", "name", "Ranch"],
      ["extra", "a", {}],
    ];
    for (const [section, key, value] of cases) {
      expect(validateEntry("customer", section, key, value), `${section}.${key}`).toEqual(
        validateSection("customer", section, { [key]: value }),
      );
    }
    expect(validateEntry("customer", "entities", "a", sampleEntity({ id: "b" }))).toEqual([
      { path: ["entities", "a", "id"], message: 'id "b" differs from its key "a"' },
    ]);
  });

  it("[SYNC3] requires the schema version", () => {
    expect(validateDocument("claim", { claim: {} })[0]?.path).toEqual(["meta"]);
  });
});

const ctx = { now: "2026-11-23T12:00:00.000Z", recordId: "c-1" };

describe("schema versions and migrations", () => {
  it("[SYNC6] accepts the current client schema and refuses older and newer ones", () => {
    expect(checkClientSchema(DOCUMENT_SCHEMA_VERSION)).toBe("ok");
    expect(checkClientSchema(DOCUMENT_SCHEMA_VERSION + 1)).toBe("server-too-old");
    expect(checkClientSchema(0)).toBe("client-too-old");
    expect(checkClientSchema(Number.NaN)).toBe("server-too-old");
  });

  it("[SYNC6] runs each migration in turn and stamps the new version", () => {
    const steps = [
      (doc: Record<string, unknown>) => ({ ...doc, items: { ...(doc.list as object) } }),
      (doc: Record<string, unknown>) => {
        const { list: _list, ...rest } = doc;
        return rest;
      },
    ];
    const migrated = migrateDocument(
      "watchlist",
      { meta: { schemaVersion: 1 }, list: { a: { id: "a" } } },
      ctx,
      steps,
      3,
    );
    expect(migrated).toEqual({ meta: { schemaVersion: 3 }, items: { a: { id: "a" } } });
  });

  it("[SYNC6] leaves a current document alone and refuses one from a newer schema", () => {
    const current = { meta: { schemaVersion: DOCUMENT_SCHEMA_VERSION }, items: {} };
    expect(migrateDocument("watchlist", current, ctx)).toBe(current);
    expect(() => migrateDocument("watchlist", { meta: { schemaVersion: 99 } }, ctx)).toThrow(
      /newer than this server/,
    );
    expect(() => migrateDocument("watchlist", { meta: { schemaVersion: 1 } }, ctx, [], 2)).toThrow(
      /No migration/,
    );
  });
});
