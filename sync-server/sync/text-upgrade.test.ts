import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { sampleEntity, sampleProfile } from "../../shared/book/test-fixtures";
import { migrateDocument } from "../../shared/documents/migrations";
import { DOCUMENT_SCHEMA_VERSION } from "../../shared/documents/shapes";
import { changedSections, documentJson, writeSections } from "./doc-json";
import { upgradeTexts } from "./text-upgrade";

// The Y.Doc side of migration 3 → 4 (docs/sync-rules.md TEXT1): what persistence.ts does when it loads a stored
// version-3 customer document — the JSON migration, written back, then the texts and maps.

const context = { now: "2026-11-27T06:00:00.000Z", recordId: "01JCUSTOMER0000000000000001" };

/** A version-3 customer document as the server stored it: the profile's fields set one by one, an entity set whole. */
function v3Document(): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    doc.getMap("meta").set("schemaVersion", 3);
    const profile = doc.getMap("profile");
    for (const [key, value] of Object.entries(sampleProfile())) profile.set(key, value);
    doc.getMap("entities").set("e-1", sampleEntity({ id: "e-1", spouse: { name: "Sam Prairie" } }));
  });
  return doc;
}

function migrate(doc: Y.Doc): number {
  const json = documentJson(doc);
  const migrated = migrateDocument("customer", json, context);
  let replaced = 0;
  doc.transact(() => {
    writeSections(doc, changedSections(json, migrated));
    replaced = upgradeTexts(doc, "customer");
  });
  return replaced;
}

describe("text upgrade of a stored document (v3 → v4)", () => {
  it("stores each text field as a Y.Text and each object holding one as a Y.Map; the JSON keeps its values", () => {
    const doc = v3Document();
    expect(migrate(doc)).toBeGreaterThan(0);
    const profile = doc.getMap("profile");
    expect(profile.get("name")).toBeInstanceOf(Y.Text);
    const address = profile.get("address") as Y.Map<unknown>;
    expect(address).toBeInstanceOf(Y.Map);
    expect(address.get("city")).toBeInstanceOf(Y.Text);
    expect(address.get("line2")).toBeInstanceOf(Y.Text);
    expect(address.get("zip")).toBe("67846"); // not free text: a plain value
    const entity = doc.getMap("entities").get("e-1") as Y.Map<unknown>;
    expect(entity).toBeInstanceOf(Y.Map);
    expect(entity.get("legalName")).toBeInstanceOf(Y.Text);
    expect((entity.get("spouse") as Y.Map<unknown>).get("name")).toBeInstanceOf(Y.Text);
    expect(entity.get("sbis")).toBeInstanceOf(Y.Map); // holds SBIs with names: one key per SBI
    expect(entity.get("status")).toBe("active");
    const json = documentJson(doc) as { profile: Record<string, unknown> };
    expect(json.profile.name).toBe("Prairie Ranch");
    expect(json.profile.address).toEqual({ ...sampleProfile().address, line2: "" });
    expect(json).toMatchObject({ meta: { schemaVersion: DOCUMENT_SCHEMA_VERSION } });
  });

  it("does nothing the second time (a document loads many times)", () => {
    const doc = v3Document();
    migrate(doc);
    const before = Y.encodeStateVector(doc);
    let replaced = -1;
    doc.transact(() => {
      replaced = upgradeTexts(doc, "customer");
    });
    expect(replaced).toBe(0);
    expect(Y.encodeStateVector(doc)).toEqual(before);
  });

  it("two devices typing into the migrated City at once both keep their typing", () => {
    const server = v3Document();
    migrate(server);
    const a = new Y.Doc();
    const b = new Y.Doc();
    Y.applyUpdate(a, Y.encodeStateAsUpdate(server));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(server));
    const city = (doc: Y.Doc) =>
      (doc.getMap("profile").get("address") as Y.Map<unknown>).get("city") as Y.Text;
    city(a).delete(0, city(a).length);
    city(a).insert(0, "Spearville");
    const street = (doc: Y.Doc) =>
      (doc.getMap("profile").get("address") as Y.Map<unknown>).get("line1") as Y.Text;
    street(b).insert(street(b).length, " West");
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(city(a).toString()).toBe("Spearville");
    expect(street(a).toString()).toBe("1 Feedlot Rd West");
    expect(documentJson(a)).toEqual(documentJson(b));
  });
});
