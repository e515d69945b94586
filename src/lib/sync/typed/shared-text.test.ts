import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { sampleEntity, sampleProfile } from "../../../../shared/book/test-fixtures";
import { changedFields, fieldKey } from "./field-changes";
import { applyTransaction, DocumentTransaction, readDocument, sharedTextOf } from "./typed-document";

// The data layer of docs/sync-rules.md TEXT1 on the device: free-text fields are Y.Texts, written by splices; objects
// are written key by key; what was typed is stored (a partial address too); the offline count is in
// fields, not Yjs transactions.

const LOCAL = Symbol("local");

function customer(): Y.Doc {
  const doc = new Y.Doc();
  const t = new DocumentTransaction("customer");
  for (const [key, value] of Object.entries(sampleProfile({ address: undefined })))
    t.set("profile", [key], value);
  applyTransaction(doc, t, LOCAL);
  return doc;
}
const write = (doc: Y.Doc, change: (t: DocumentTransaction<"customer">) => void) => {
  const t = new DocumentTransaction("customer");
  change(t);
  applyTransaction(doc, t, LOCAL);
};
const profileMap = (doc: Y.Doc) => doc.getMap("profile");

describe("free text as shared text", () => {
  it("stores a text field as a Y.Text, and a later string as one splice: another person's typing survives", () => {
    const a = customer();
    expect(profileMap(a).get("name")).toBeInstanceOf(Y.Text);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    // a changes the whole value through the structured write; b types in the same field meanwhile.
    write(a, (t) => t.set("profile", ["name"], "Prairie Ranch LLC"));
    (profileMap(b).get("name") as Y.Text).insert(0, "The ");
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(readDocument("customer", a).data.profile?.name).toBe("The Prairie Ranch LLC");
    expect(profileMap(b).toJSON().name).toBe("The Prairie Ranch LLC");
  });

  it("keeps spaces as typed (a name is not trimmed on each keystroke)", () => {
    const doc = customer();
    const name = sharedTextOf(doc, "customer", "profile", ["name"], LOCAL) as Y.Text;
    doc.transact(() => name.delete(0, name.length), LOCAL);
    for (const [i, key] of [..."Dale R Hendricks "].entries()) doc.transact(() => name.insert(i, key), LOCAL);
    expect(readDocument("customer", doc).data.profile?.name).toBe("Dale R Hendricks ");
  });

  it("keeps a partial address, one key per field, and two people in City and Street both keep theirs", () => {
    const a = customer();
    write(a, (t) => t.set("profile", ["address"], { line1: "", line2: "", city: "" })); // made with the profile
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const city = sharedTextOf(a, "customer", "profile", ["address", "city"], LOCAL) as Y.Text;
    const street = sharedTextOf(b, "customer", "profile", ["address", "line1"], LOCAL) as Y.Text;
    a.transact(() => city.insert(0, "Dodge City"), LOCAL);
    b.transact(() => street.insert(0, "77 Elm St"), LOCAL);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    for (const doc of [a, b]) {
      const { data, issues } = readDocument("customer", doc);
      expect(issues).toEqual([]);
      expect(data.profile?.address).toEqual({ line1: "77 Elm St", city: "Dodge City" });
    }
  });

  it("writes an object over a map key by key: a text field it leaves out is emptied, never removed", () => {
    const doc = customer();
    write(doc, (t) => t.set("profile", ["address"], { line1: "1 Main", line2: "", city: "Ogallala" }));
    const city = (profileMap(doc).get("address") as Y.Map<unknown>).get("city");
    write(doc, (t) => t.set("profile", ["address"], { line1: "1 Main", state: "NE" }));
    const address = profileMap(doc).get("address") as Y.Map<unknown>;
    expect(address.get("city")).toBe(city); // the same shared text, emptied
    expect(address.toJSON()).toEqual({ line1: "1 Main", line2: "", city: "", state: "NE" });
  });

  it("turns a version-3 string into a shared text holding it (sharedText)", () => {
    const doc = new Y.Doc();
    doc.getMap("profile").set("name", "Old Ranch");
    const text = sharedTextOf(doc, "customer", "profile", ["name"], LOCAL);
    expect(text?.toString()).toBe("Old Ranch");
    expect(sharedTextOf(doc, "customer", "profile", ["name"], LOCAL)).toBe(text);
    expect(sharedTextOf(doc, "customer", "profile", ["email"], LOCAL)).toBeNull(); // not free text
  });
});

describe("the offline count in fields", () => {
  it("counts one 12-letter word typed key by key as one changed field, not 12 (or 24) transactions", () => {
    const doc = customer();
    const name = sharedTextOf(doc, "customer", "profile", ["name"], LOCAL) as Y.Text;
    const fields = new Set<string>();
    let transactions = 0;
    doc.on("afterTransaction", (t: Y.Transaction) => {
      transactions++;
      for (const change of changedFields(doc, t)) fields.add(fieldKey(change));
    });
    for (const [i, key] of [..."Hendricksons"].entries()) doc.transact(() => name.insert(i, key), LOCAL);
    expect(transactions).toBe(12);
    expect([...fields]).toEqual(["profile/name"]);
    write(doc, (t) => t.set("profile", ["address"], { city: "Liberal" }));
    write(doc, (t) => t.set("entities", ["e-1"], sampleEntity({ id: "e-1" })));
    expect(fields.size).toBe(3); // the name, the address, one new record
  });
});

describe("a record not on this device yet", () => {
  it("gets no shared text made here, so the creating device's texts are the only ones (PRECREATED)", () => {
    // A reader's device shows the record before its document arrived: an empty profile.
    const reader = new Y.Doc();
    expect(sharedTextOf(reader, "customer", "profile", ["name"], LOCAL)).toBeNull();
    expect(sharedTextOf(reader, "customer", "entities", ["e1", "legalName"], LOCAL)).toBeNull();
    expect(reader.share.size).toBe(0);
    // The creator's profile arrives: every text is the creator's, the name as typed there, and the
    // reader can now bind to it.
    const creator = customer();
    Y.applyUpdate(reader, Y.encodeStateAsUpdate(creator));
    const name = sharedTextOf(reader, "customer", "profile", ["name"], LOCAL);
    expect(name).toBe(profileMap(reader).get("name"));
    expect(readDocument("customer", reader).data.profile?.name).toBe(sampleProfile().name);
  });

  it("once the record is here, a text it lacks (a record older than its text fields) is still made", () => {
    const doc = customer();
    profileMap(doc).delete("name");
    expect(sharedTextOf(doc, "customer", "profile", ["name"], LOCAL)).toBeInstanceOf(Y.Text);
  });
});
