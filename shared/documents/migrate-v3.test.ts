import { describe, expect, it } from "vitest";
import { sampleEntity, sampleLrpCoverage, samplePolicy, sampleProfile } from "../book/test-fixtures";
import { addressDraftSchema, addressProblems, storedProfileSchema } from "./book";
import { migrateCustomerV3 } from "./migrate-v3";
import { MIGRATIONS, migrateDocument } from "./migrations";
import { DOCUMENT_SCHEMA_VERSION, validateDocument } from "./shapes";
import { isTextField } from "./text-fields";

// Version 3 → 4 (docs/sync-rules.md): free text becomes shared text, an address one key per field. In JSON the
// values stay; the profile's and entities' address maps and text fields are made (empty) once here.

const context = { now: "2026-11-27T06:00:00.000Z", recordId: "01JCUSTOMER0000000000000001" };

/** A customer document as a version-3 server stored it: a full profile, two entities, a policy, a coverage. */
const v3Customer = () => {
  const withAddress = sampleEntity({
    id: "e-with",
    address: { line1: "9 Range Rd", city: "Dodge City", state: "KS", zip: "67801" },
  });
  const spouse = sampleEntity({ id: "e-plain", spouse: { name: "Sam Prairie" } });
  return {
    meta: { schemaVersion: 3 },
    profile: sampleProfile(),
    entities: { "e-with": withAddress, "e-plain": spouse },
    policies: { [samplePolicy().id]: samplePolicy() },
    coverages: { [sampleLrpCoverage().id]: sampleLrpCoverage() },
  };
};

describe("migration 3 → 4 of a customer document", () => {
  it("keeps every value, adds the address maps and text fields, and the result is a valid version 4", () => {
    const before = v3Customer();
    const after = migrateDocument("customer", before, context);
    expect(after.meta).toEqual({ schemaVersion: DOCUMENT_SCHEMA_VERSION });
    expect(validateDocument("customer", after)).toEqual([]);
    const profile = after.profile as Record<string, unknown>;
    expect(profile.name).toBe("Prairie Ranch");
    // A full address keeps its values; the missing text field (line2) is made, empty.
    expect(profile.address).toEqual({ ...sampleProfile().address, line2: "" });
    const entities = after.entities as Record<string, Record<string, unknown>>;
    expect(entities["e-plain"]?.address).toEqual({ line1: "", line2: "", city: "" });
    expect(entities["e-plain"]?.spouse).toEqual({ name: "Sam Prairie" });
    expect(entities["e-with"]?.address).toEqual({
      line1: "9 Range Rd",
      line2: "",
      city: "Dodge City",
      state: "KS",
      zip: "67801",
    });
    // Records without text maps are untouched.
    expect(after.policies).toEqual(before.policies);
    expect(after.coverages).toEqual(before.coverages);
    // The input is not changed.
    expect(before.entities["e-plain"]).not.toHaveProperty("address");
  });

  it("reads the same as before: an address with nothing typed is no address", () => {
    const after = migrateDocument("customer", v3Customer(), context);
    const entity = (after.entities as Record<string, { address: unknown }>)["e-plain"];
    expect(addressDraftSchema.parse(entity?.address)).toBeUndefined();
    expect(storedProfileSchema.parse(after.profile).address).toEqual(sampleProfile().address);
  });

  it("runs once: a version-4 document is left as it is, and the step is idempotent", () => {
    const once = migrateDocument("customer", v3Customer(), context);
    expect(migrateDocument("customer", once, context)).toBe(once);
    const { meta: _meta, ...content } = once;
    expect(migrateCustomerV3(content)).toEqual(content);
    expect(MIGRATIONS.customer).toHaveLength(DOCUMENT_SCHEMA_VERSION - 1);
  });

  it("every text field the migration makes is listed as a text field", () => {
    expect(isTextField("customer", "profile", ["address", "city"])).toBe(true);
    expect(isTextField("customer", "entities", ["e-1", "address", "line2"])).toBe(true);
    expect(isTextField("customer", "entities", ["e-1", "sbis", "s-1", "name"])).toBe(true);
    expect(isTextField("customer", "profile", ["address", "zip"])).toBe(false);
    expect(isTextField("customer", "coverages", ["c-1", "head"])).toBe(false);
    expect(isTextField("org", "settings", ["name"])).toBe(false);
    expect(isTextField("claim", "notes", ["n-1", "text"])).toBe(true);
    expect(isTextField("customerInternal", "notes", ["n-1", "text"])).toBe(true);
    expect(isTextField("claim", "notes", ["n-1", "authorId"])).toBe(false);
  });
});

describe("version 4 stores what was typed", () => {
  it("keeps a partial address, untrimmed, and says where it is used what is missing", () => {
    const partial = { city: "Dodge City " };
    const profile = { ...sampleProfile(), name: " Dale R Hendricks", address: partial };
    const document = { meta: { schemaVersion: 4 }, profile };
    expect(validateDocument("customer", document)).toEqual([]);
    const stored = storedProfileSchema.parse(profile);
    expect(stored.name).toBe(" Dale R Hendricks");
    expect(stored.address).toEqual({ city: "Dodge City " });
    expect(addressProblems(stored.address)).toEqual([
      { field: "line1", message: "enter the street address" },
      { field: "state", message: expect.any(String) },
      { field: "zip", message: expect.any(String) },
    ]);
    expect(addressProblems(sampleProfile().address)).toEqual([]);
    expect(addressProblems(undefined)).toEqual([]);
  });

  it("still refuses what no typing makes: a number for a name, an unknown field, an over-long text", () => {
    const profile = sampleProfile();
    expect(
      validateDocument("customer", { meta: { schemaVersion: 4 }, profile: { ...profile, name: 7 } }),
    ).not.toEqual([]);
    expect(
      validateDocument("customer", {
        meta: { schemaVersion: 4 },
        profile: { ...profile, address: { city: "x", planet: "Mars" } },
      }),
    ).not.toEqual([]);
    expect(
      validateDocument("customer", {
        meta: { schemaVersion: 4 },
        profile: { ...profile, address: { city: "x".repeat(101) } },
      }),
    ).not.toEqual([]);
  });
});
