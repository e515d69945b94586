import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { sampleProfile } from "../../../shared/book/test-fixtures";
import { PRECREATED, withPrecreated } from "../../../shared/documents/text-fields";
import { adoptProfileDraftV3, type DraftDocument, draftMigration } from "./draft-migration";
import { applyTransaction, DocumentTransaction, readDocument, sharedTextOf } from "./typed/typed-document";

// A profile draft kept on the device before schema version 4 (docs/hardening.md) held the name and a partial
// address the schema then refused; version 4 writes them into the document once instead of ignoring
// them (docs/sync-rules.md TEXT1): texts spliced into their shared texts, chosen fields one key each.

const LOCAL = Symbol("local");

/** A version-4 customer document (its texts and address made with the profile) as a DraftDocument. */
function customer(): { doc: Y.Doc; document: DraftDocument } {
  const doc = new Y.Doc();
  const profile = withPrecreated(
    sampleProfile({ name: "Casey", address: undefined }),
    PRECREATED.customer?.profile ?? [],
  );
  const t = new DocumentTransaction("customer");
  for (const [key, value] of Object.entries(profile)) t.set("profile", [key], value);
  applyTransaction(doc, t, LOCAL);
  const document: DraftDocument = {
    sharedText: (section, path) => sharedTextOf(doc, "customer", section, path, LOCAL),
    transactLocal: (write) => doc.transact(write, LOCAL),
    write: (change) => {
      const transaction = new DocumentTransaction("customer");
      change(transaction);
      applyTransaction(doc, transaction, LOCAL);
    },
  };
  return { doc, document };
}
const profileOf = (doc: Y.Doc) => readDocument("customer", doc).data.profile;

describe("a profile draft of before version 4", () => {
  it("writes the drafted name and partial address into the document and leaves the rest in the draft", () => {
    const { doc, document } = customer();
    const rest = adoptProfileDraftV3(document, {
      name: "Casey Ranch",
      address: { line1: "", city: "Dodge City", state: "KS", zip: "" },
      email: "casey@",
    });
    expect(rest).toEqual({ email: "casey@" });
    expect(profileOf(doc)?.name).toBe("Casey Ranch");
    expect(profileOf(doc)?.address).toEqual({ city: "Dodge City", state: "KS" });
    const name = doc.getMap("profile").get("name");
    expect(name).toBeInstanceOf(Y.Text);
    expect(sharedTextOf(doc, "customer", "profile", ["name"], LOCAL)).toBe(name); // the same text, spliced
  });

  it("never erases a value with a field emptied in the draft", () => {
    const { doc, document } = customer();
    expect(adoptProfileDraftV3(document, { name: "  ", address: { city: "" } })).toEqual({});
    expect(profileOf(doc)?.name).toBe("Casey");
    expect(profileOf(doc)?.address).toBeUndefined();
  });

  it("keeps in the draft what the schema refuses (a state that is no state)", () => {
    const { doc, document } = customer();
    const rest = adoptProfileDraftV3(document, { address: { city: "Hays", state: "Kansas" } });
    expect(rest).toEqual({ address: { state: "Kansas" } });
    expect(profileOf(doc)?.address).toEqual({ city: "Hays" });
  });

  it("keeps the texts in the draft while the document cannot be written (still loading, read only)", () => {
    const { document } = customer();
    const closed: DraftDocument = { ...document, sharedText: () => null };
    expect(adoptProfileDraftV3(closed, { name: "Casey Ranch", address: { city: "Hays" } })).toEqual({
      address: { city: "Hays" },
      name: "Casey Ranch",
    });
  });

  it("applies to a customer's profile draft only", () => {
    expect(draftMigration("customer", "profile")).toBe(adoptProfileDraftV3);
    expect(draftMigration("customer", "entity")).toBeNull();
    expect(draftMigration("campaign", "profile")).toBeNull();
  });
});
