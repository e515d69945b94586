import { describe, expect, it } from "vitest";
import { sampleEntity, sampleLgmEndorsement, sampleLrpCoverage, samplePolicy } from "../book/test-fixtures";
import { migrateCustomerV1, migrateOrgV1 } from "./migrate-v1";
import { MIGRATIONS, migrateDocument } from "./migrations";
import { validateDocument } from "./shapes";

const ctx = { now: "2026-11-23T12:00:00.000Z", recordId: "cust-1" };
const stripStamps = <T extends Record<string, unknown>>(r: T) => {
  const { createdAt: _c, updatedAt: _u, updatedBy: _b, ...rest } = r;
  return rest;
};

/** A version-1 customer document: open records, some of which fit today's shapes and some not. */
const v1 = () => ({
  meta: { schemaVersion: 1 },
  profile: {
    id: "old-id",
    name: "  Prairie Ranch ",
    operation: "cow-calf, 300 pairs",
    phone: "(620) 555-0134",
    email: "owner@prairie.test",
  },
  entities: {
    e1: stripStamps(sampleEntity({ id: "e1" })), // fits once stamped
    e2: { id: "e2", name: "Old style entity", ssn: "123456789" }, // does not fit
  },
  policies: {
    p1: samplePolicy({ id: "p1", entityId: "e1" }), // fits as it is
    p2: { id: "p2", plan: "lrp", provider: "ProAg" },
  },
  coverages: {
    c1: sampleLrpCoverage({ id: "c1", policyId: "p1" }),
    c2: sampleLgmEndorsement({ id: "c2", policyId: "p1" }),
    c3: { id: "c3", premium: 1234.5 },
    c4: "a string where a record should be",
  },
  applications: { a1: { id: "a1", kind: "individual" } },
});

describe("[SYNC6] customer document, version 1 → 2", () => {
  it("keeps what fits, stamps it, and moves the rest unchanged to `legacy`: nothing is lost", () => {
    const before = v1();
    const after = migrateDocument("customer", v1(), ctx, MIGRATIONS.customer, 2);
    expect((after.meta as { schemaVersion: number }).schemaVersion).toBe(2);
    // Valid at version 3 once `legacy` has moved to the internal document (migrate-v2.test.ts).
    const { legacy: _moved, ...rest } = after;
    expect(validateDocument("customer", rest)).toEqual([]);

    // Fitting records stay under their key, with stamps where they had none.
    expect(after.entities).toEqual({
      e1: { ...before.entities.e1, createdAt: ctx.now, updatedAt: ctx.now, updatedBy: "system-migration" },
    });
    expect(after.policies).toEqual({ p1: before.policies.p1 });
    expect(after.coverages).toEqual({ c1: before.coverages.c1, c2: before.coverages.c2 });
    expect(after.applications).toEqual(before.applications);

    // The profile: id from the document's name, trimmed name, phone → mobilePhone, email kept.
    expect(after.profile).toEqual({
      id: "cust-1",
      name: "Prairie Ranch",
      mobilePhone: "(620) 555-0134",
      email: "owner@prairie.test",
      farmerClassification: "Neither",
      status: "active",
      createdAt: ctx.now,
      updatedAt: ctx.now,
      updatedBy: "system-migration",
    });

    // Everything else, unchanged, in legacy.
    expect(after.legacy).toEqual({
      "profile.fields": {
        id: "profile.fields",
        section: "profile",
        record: { operation: "cow-calf, 300 pairs" },
      },
      "entities.e2": { id: "entities.e2", section: "entities", record: before.entities.e2 },
      "policies.p2": { id: "policies.p2", section: "policies", record: before.policies.p2 },
      "coverages.c3": { id: "coverages.c3", section: "coverages", record: before.coverages.c3 },
      "coverages.c4": { id: "coverages.c4", section: "coverages", record: before.coverages.c4 },
    });
  });

  it("accounts for every value of the version-1 document", () => {
    const before = v1();
    const after = migrateCustomerV1(v1(), ctx);
    const legacy = after.legacy as Record<string, { record: unknown }>;
    for (const section of ["entities", "policies", "coverages"] as const)
      for (const [key, record] of Object.entries(before[section])) {
        const kept = (after[section] as Record<string, unknown>)[key];
        if (kept) expect(kept).toMatchObject(record as object);
        else expect(legacy[`${section}.${key}`]?.record).toEqual(record);
      }
  });

  it("a profile with no usable name goes to legacy whole, and a free-text phone stays in legacy", () => {
    const after = migrateCustomerV1(
      { meta: { schemaVersion: 1 }, profile: { name: " ", phone: "call after 6" } },
      ctx,
    );
    expect(after.profile).toBeUndefined();
    expect(after.legacy).toEqual({
      "profile.fields": {
        id: "profile.fields",
        section: "profile",
        record: { name: " ", phone: "call after 6" },
      },
    });
    const kept = migrateCustomerV1(
      { meta: { schemaVersion: 1 }, profile: { name: "R", phone: "call after 6" } },
      ctx,
    );
    expect(kept.profile).toMatchObject({ name: "R" });
    expect(kept.profile).not.toHaveProperty("mobilePhone");
    expect((kept.legacy as Record<string, { record: unknown }>)["profile.fields"]?.record).toEqual({
      phone: "call after 6",
    });
  });

  it("keeps an existing legacy section and adds no empty sections", () => {
    const after = migrateCustomerV1(
      { meta: { schemaVersion: 1 }, legacy: { x: { id: "x", section: "old", record: 1 } } },
      ctx,
    );
    expect(after).toEqual({
      meta: { schemaVersion: 1 },
      legacy: { x: { id: "x", section: "old", record: 1 } },
    });
  });
});

describe("[SYNC6] organisation document, version 1 → 2", () => {
  it("keeps the customer summaries that fit (only their known fields) and drops the rest of the cache", () => {
    const after = migrateOrgV1({
      meta: { schemaVersion: 1 },
      settings: { name: "Demo" },
      customers: {
        c1: { id: "c1", name: "Prairie Ranch", state: "KS", phone: "dropped field" },
        c2: { id: "c2" },
        c3: "junk",
      },
    });
    expect(after.customers).toEqual({ c1: { id: "c1", name: "Prairie Ranch", state: "KS" } });
    expect(after.settings).toEqual({ name: "Demo" });
  });
});
