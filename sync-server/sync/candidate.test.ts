import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { applyToCopy } from "./candidate";

/** The update a client would send for `edit` on a copy of `doc`. */
function clientUpdate(doc: Y.Doc, edit: (copy: Y.Doc) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  let update: Uint8Array | null = null;
  copy.on("update", (u: Uint8Array) => {
    update = update ? Y.mergeUpdates([update, u]) : u;
  });
  edit(copy);
  return update ?? Y.encodeStateAsUpdate(copy, before);
}

describe("write guard: an update applied to a copy", () => {
  const seeded = () => {
    const doc = new Y.Doc();
    doc.getMap("meta").set("schemaVersion", 1);
    const nested = new Y.Map<unknown>();
    doc.getMap("coverages").set("cv-1", nested);
    nested.set("head", 10);
    return doc;
  };

  it("[SYNC2] names the sections and top-level keys an update touches, without changing the document", () => {
    const doc = seeded();
    const update = clientUpdate(doc, (copy) => {
      copy.getMap("profile").set("name", "Ranch");
      (copy.getMap("coverages").get("cv-1") as Y.Map<unknown>).set("head", 20);
      copy.getMap("coverages").set("cv-2", { id: "cv-2" });
    });
    const { touched, shadow } = applyToCopy(doc, update);
    expect(touched).toEqual(
      new Map([
        ["profile", new Set(["name"])],
        ["coverages", new Set(["cv-1", "cv-2"])],
      ]),
    );
    expect(shadow.getMap("profile").get("name")).toBe("Ranch");
    expect(doc.share.has("profile")).toBe(false);
  });

  it("[SYNC2] a deletion touches the deleted key; list content touches the whole section", () => {
    const doc = seeded();
    const removal = clientUpdate(doc, (copy) => copy.getMap("coverages").delete("cv-1"));
    expect(applyToCopy(doc, removal).touched).toEqual(new Map([["coverages", new Set(["cv-1"])]]));
    const list = clientUpdate(doc, (copy) => copy.getArray("settings").push(["x"]));
    expect(applyToCopy(doc, list).touched).toEqual(new Map([["settings", null]]));
  });

  it("[SYNC2] an update already applied touches nothing", () => {
    const doc = seeded();
    expect(applyToCopy(doc, Y.encodeStateAsUpdate(doc)).touched.size).toBe(0);
  });

  it("[SYNC2] the copy is made from the document as it is now", () => {
    const doc = seeded();
    const refused = clientUpdate(doc, (copy) => copy.getMap("meta").set("schemaVersion", 9));
    expect(applyToCopy(doc, refused).shadow.getMap("meta").get("schemaVersion")).toBe(9);
    doc.getMap("profile").set("name", "Server");
    const { shadow } = applyToCopy(doc, new Uint8Array([0, 0]));
    expect(shadow.getMap("meta").get("schemaVersion")).toBe(1);
    expect(shadow.getMap("profile").get("name")).toBe("Server");
  });

  it("[INPUT1] an undecodable update throws", () => {
    expect(() => applyToCopy(seeded(), new Uint8Array([1, 200, 3, 4, 5]))).toThrow();
  });
});
