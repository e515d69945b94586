import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { DomainError } from "../../../../shared/errors";
import { applyTransaction, DocumentTransaction, readDocument } from "./typed-document";

const write = <K extends "customer" | "watchlist">(
  doc: Y.Doc,
  kind: K,
  change: (t: DocumentTransaction<K>) => void,
) => {
  const t = new DocumentTransaction(kind);
  change(t);
  applyTransaction(doc, t, "test");
};

const sync = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
};

describe("typed document access", () => {
  it("reads sections as parsed data and leaves absent sections out", () => {
    const doc = new Y.Doc();
    write(doc, "customer", (t) => t.set("profile", ["name"], "Casey"));
    const { data, issues } = readDocument("customer", doc);
    expect(data).toEqual({ profile: { name: "Casey" } });
    expect(issues).toEqual([]);
  });

  it("keeps both people's changes to different fields of one record (nested maps merge per key)", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, "customer", (t) => t.set("coverages", ["c1"], { id: "c1", head: 100, note: "x" }));
    sync(a, b);
    write(a, "customer", (t) => t.set("coverages", ["c1", "head"], 120));
    write(b, "customer", (t) => t.set("coverages", ["c1", "note"], "from b"));
    sync(a, b);
    for (const doc of [a, b])
      expect(readDocument("customer", doc).data.coverages).toEqual({
        c1: { id: "c1", head: 120, note: "from b" },
      });
  });

  it("converges on one value when both change the same field, whichever side syncs first", () => {
    for (const order of [0, 1]) {
      const a = new Y.Doc();
      const b = new Y.Doc();
      write(a, "customer", (t) => t.set("profile", ["name"], "A"));
      write(b, "customer", (t) => t.set("profile", ["name"], "B"));
      if (order === 0) sync(a, b);
      else sync(b, a);
      const name = readDocument("customer", a).data.profile?.name;
      expect(["A", "B"]).toContain(name);
      expect(readDocument("customer", b).data.profile?.name).toBe(name);
    }
  });

  it("refuses an invalid value with the path of the problem and writes nothing", () => {
    const doc = new Y.Doc();
    let error: unknown;
    try {
      write(doc, "watchlist", (t) => t.set("items", ["w1"], { id: "w1", name: "", plan: "lrp" }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("invalid-document");
    expect((error as DomainError).path.slice(0, 2)).toEqual(["items", "w1"]);
    expect(doc.share.has("items")).toBe(false);
  });

  it("refuses meta, unknown sections and an empty path", () => {
    const doc = new Y.Doc();
    expect(() => write(doc, "customer", (t) => t.set("meta" as never, ["schemaVersion"], 2))).toThrow(
      /server only/,
    );
    expect(() => write(doc, "customer", (t) => t.set("notes" as never, ["x"], 1))).toThrow(
      /no section "notes"/,
    );
    expect(() => write(doc, "customer", (t) => t.set("profile", [], "x"))).toThrow(/needs a path/);
  });

  it("removes a record", () => {
    const doc = new Y.Doc();
    write(doc, "customer", (t) =>
      t.set("policies", ["p1"], { id: "p1" }).set("policies", ["p2"], { id: "p2" }),
    );
    write(doc, "customer", (t) => t.remove("policies", ["p1"]));
    expect(readDocument("customer", doc).data.policies).toEqual({ p2: { id: "p2" } });
  });

  it("reports a section stored in a shape the schema refuses", () => {
    const doc = new Y.Doc();
    doc.getMap("items").set("w1", { id: "other", name: "x" });
    const { data, issues } = readDocument("watchlist", doc);
    expect(data.items).toBeUndefined();
    expect(issues[0]?.section).toBe("items");
  });
});
