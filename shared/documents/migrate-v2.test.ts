import { describe, expect, it } from "vitest";
import { bookSummaries } from "../book/summaries";
import { sampleEntity, sampleLrpCoverage, samplePolicy, sampleProfile } from "../book/test-fixtures";
import { migrateDocument, movesOutOf } from "./migrations";
import { parseDocumentName } from "./names";
import { DOCUMENT_SCHEMA_VERSION, validateDocument } from "./shapes";

const ctx = { now: "2026-11-23T12:00:00.000Z", recordId: "" };
const ref = (name: string) => {
  const parsed = parseDocumentName(name);
  if (!parsed) throw new Error(name);
  return parsed;
};

/** A version-2 organisation document with the book's summaries of one customer. */
function orgV2() {
  const s = bookSummaries("c1", {
    profile: sampleProfile({ id: "c1", name: "Prairie Ranch" }),
    entities: { e1: sampleEntity({ id: "e1" }) },
    policies: { p1: samplePolicy({ id: "p1", entityId: "e1" }) },
    coverages: { v1: sampleLrpCoverage({ id: "v1", policyId: "p1" }) },
  });
  return {
    meta: { schemaVersion: 2 },
    settings: { name: "Demo" },
    members: { u1: { id: "u1", email: "a@demo.test", name: "A", roles: ["agent"] } },
    customers: { c1: s.customer },
    entities: s.entities,
    policies: s.policies,
    coverages: s.coverages,
    claims: {},
  };
}

describe("[SYNC6] organisation document, version 2 → 3: the book index moves to the book document", () => {
  it("takes the four summary sections out and says they go, unchanged, to org/{orgId}/book", () => {
    const before = orgV2();
    const after = migrateDocument("org", orgV2(), ctx);
    expect((after.meta as { schemaVersion: number }).schemaVersion).toBe(DOCUMENT_SCHEMA_VERSION);
    expect(Object.keys(after).sort()).toEqual(["claims", "members", "meta", "settings"]);
    expect(validateDocument("org", after)).toEqual([]);

    const moves = movesOutOf(ref("org/demo"), orgV2(), ctx);
    expect(moves).toEqual([
      {
        target: "org/demo/book",
        sections: {
          customers: before.customers,
          entities: before.entities,
          policies: before.policies,
          coverages: before.coverages,
        },
      },
    ]);
    // What moves is a valid book document: nothing is lost, nothing needs fixing.
    expect(validateDocument("book", { meta: { schemaVersion: 3 }, ...moves[0]?.sections })).toEqual([]);
  });

  it("an organisation document without summaries moves nothing; a current one is not touched", () => {
    const { customers: _c, entities: _e, policies: _p, coverages: _v, ...bare } = orgV2();
    expect(movesOutOf(ref("org/demo"), bare, ctx)).toEqual([]);
    const current = { ...bare, meta: { schemaVersion: DOCUMENT_SCHEMA_VERSION } };
    expect(migrateDocument("org", current, ctx)).toBe(current);
    expect(movesOutOf(ref("org/demo"), current, ctx)).toEqual([]);
  });

  it("a version-1 organisation document: its fitting summaries reach the book document", () => {
    const moves = movesOutOf(
      ref("org/demo"),
      {
        meta: { schemaVersion: 1 },
        customers: { c1: { id: "c1", name: "Prairie", phone: "x" }, c2: "junk" },
      },
      ctx,
    );
    expect(moves).toEqual([
      { target: "org/demo/book", sections: { customers: { c1: { id: "c1", name: "Prairie" } } } },
    ]);
  });
});

describe("[SYNC6][ACL5] customer document, version 2 → 3: legacy records move to the internal document", () => {
  const legacy = {
    "entities.e2": { id: "entities.e2", section: "entities", record: { name: "Old", ssn: "123456789" } },
    "profile.fields": { id: "profile.fields", section: "profile", record: { notes: "internal note" } },
  };

  it("takes `legacy` out of the document the linked customer reads and sends it to the agents-only one", () => {
    const v2 = { meta: { schemaVersion: 2 }, profile: sampleProfile({ id: "c1" }), legacy };
    const after = migrateDocument("customer", v2, { ...ctx, recordId: "c1" });
    expect(after).not.toHaveProperty("legacy");
    expect(validateDocument("customer", after)).toEqual([]);
    const moves = movesOutOf(ref("org/demo/customer/c1"), v2, { ...ctx, recordId: "c1" });
    expect(moves).toEqual([{ target: "org/demo/customer/c1/internal", sections: { legacy } }]);
    expect(
      validateDocument("customerInternal", { meta: { schemaVersion: 3 }, ...moves[0]?.sections }),
    ).toEqual([]);
  });

  it("a version-1 document: what does not fit goes to legacy (v1 → 2), then to the internal document (2 → 3)", () => {
    const v1 = {
      meta: { schemaVersion: 1 },
      profile: { name: "Prairie Ranch", notes: "pays late" },
      entities: { e2: { id: "e2", name: "Old style entity", ssn: "123456789" } },
    };
    const context = { ...ctx, recordId: "c1" };
    const after = migrateDocument("customer", v1, context);
    expect(JSON.stringify(after)).not.toContain("123456789");
    expect(JSON.stringify(after)).not.toContain("pays late");
    const [move] = movesOutOf(ref("org/demo/customer/c1"), v1, context);
    expect(move?.target).toBe("org/demo/customer/c1/internal");
    expect(move?.sections.legacy).toEqual({
      "profile.fields": { id: "profile.fields", section: "profile", record: { notes: "pays late" } },
      "entities.e2": { id: "entities.e2", section: "entities", record: v1.entities.e2 },
    });
  });

  it("other kinds move nothing", () => {
    for (const name of ["org/demo/customer/c1/internal", "org/demo/claim/k", "market/current"])
      expect(movesOutOf(ref(name), { meta: { schemaVersion: 2 }, legacy }, ctx)).toEqual([]);
  });
});
