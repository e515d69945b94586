import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { z } from "zod";
import type { DocumentKind } from "../../../../shared/documents/names";
import { DOCUMENT_SECTIONS } from "../../../../shared/documents/shapes";
import { DomainError } from "../../../../shared/errors";
import { applyTransaction, DocumentTransaction, readDocument } from "./typed-document";
import { sectionJson, toY } from "./y-json";

const write = <K extends "customer" | "watchlist" | "book">(
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

const AT = "2026-11-20T15:00:00.000Z";
/** A valid customer summary of the book document (shared/documents/book.ts). */
const customer = (id: string, name = `Ranch ${id}`) => ({ id, name, updatedAt: AT });
const entity = (id: string, customerId = "c1") => ({
  id,
  customerId,
  legalName: `Entity ${id}`,
  type: "I",
  status: "active",
  updatedAt: AT,
});

/** What a read was before it became incremental: every section parsed afresh with its schema. */
function readAfresh(kind: DocumentKind, doc: Y.Doc) {
  const data: Record<string, unknown> = {};
  const issues: { section: string; message: string }[] = [];
  for (const section of Object.keys(DOCUMENT_SECTIONS[kind])) {
    if (!doc.share.has(section)) continue;
    const parsed = (DOCUMENT_SECTIONS[kind] as Record<string, z.ZodType>)[section]?.safeParse(
      sectionJson(doc, section),
    );
    if (parsed?.success) data[section] = parsed.data;
    else
      issues.push({
        section,
        message: (parsed?.error.issues ?? [])
          .map((issue) => `${[section, ...issue.path.map(String)].join(".")}: ${issue.message}`)
          .join("; "),
      });
  }
  return { data, issues };
}

describe("typed document access", () => {
  it("reads sections as parsed data and leaves absent sections out", () => {
    const doc = new Y.Doc();
    write(doc, "book", (t) => t.set("customers", ["c1"], customer("c1", "Casey")));
    const { data, issues } = readDocument("book", doc);
    expect(data).toEqual({ customers: { c1: customer("c1", "Casey") } });
    expect(issues).toEqual([]);
  });

  it("keeps both people's changes to different fields of one record (nested maps merge per key)", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, "book", (t) => t.set("customers", ["c1"], { ...customer("c1"), state: "NE" }));
    sync(a, b);
    write(a, "book", (t) => t.set("customers", ["c1", "name"], "From A"));
    write(b, "book", (t) => t.set("customers", ["c1", "state"], "KS"));
    sync(a, b);
    for (const doc of [a, b])
      expect(readDocument("book", doc).data.customers).toEqual({
        c1: { ...customer("c1", "From A"), state: "KS" },
      });
  });

  it("converges on one value when both change the same field, whichever side syncs first", () => {
    for (const order of [0, 1]) {
      const a = new Y.Doc();
      const b = new Y.Doc();
      write(a, "book", (t) => t.set("customers", ["c1"], customer("c1")));
      sync(a, b);
      write(a, "book", (t) => t.set("customers", ["c1", "name"], "A"));
      write(b, "book", (t) => t.set("customers", ["c1", "name"], "B"));
      if (order === 0) sync(a, b);
      else sync(b, a);
      const name = readDocument("book", a).data.customers?.c1?.name;
      expect(["A", "B"]).toContain(name);
      expect(readDocument("book", b).data.customers?.c1?.name).toBe(name);
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
    write(doc, "book", (t) =>
      t.set("customers", ["c1"], customer("c1")).set("customers", ["c2"], customer("c2")),
    );
    expect(Object.keys(readDocument("book", doc).data.customers ?? {})).toEqual(["c1", "c2"]);
    write(doc, "book", (t) => t.remove("customers", ["c1"]));
    expect(readDocument("book", doc).data.customers).toEqual({ c2: customer("c2") });
  });

  it("reports a section stored in a shape the schema refuses", () => {
    const doc = new Y.Doc();
    doc.getMap("items").set("w1", { id: "other", name: "x" });
    const { data, issues } = readDocument("watchlist", doc);
    expect(data.items).toBeUndefined();
    expect(issues[0]?.section).toBe("items");
  });
});

describe("reading again after a change parses only what changed", () => {
  it("keeps the data object of a section no transaction touched, and of each untouched record", () => {
    const doc = new Y.Doc();
    write(doc, "book", (t) =>
      t
        .set("customers", ["c1"], customer("c1"))
        .set("customers", ["c2"], customer("c2"))
        .set("entities", ["e1"], entity("e1")),
    );
    const first = readDocument("book", doc).data;
    write(doc, "book", (t) => t.set("customers", ["c2", "name"], "Renamed"));
    const second = readDocument("book", doc).data;
    expect(second.entities).toBe(first.entities);
    expect(second.customers).not.toBe(first.customers);
    expect(second.customers?.c1).toBe(first.customers?.c1);
    expect(second.customers?.c2?.name).toBe("Renamed");
    // Nothing changed: the same section objects again.
    const third = readDocument("book", doc).data;
    expect(third.customers).toBe(second.customers);
  });

  it("sees changes that arrive from another device (a remote update) and deletions", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, "book", (t) =>
      t.set("customers", ["c1"], customer("c1")).set("customers", ["c2"], customer("c2")),
    );
    sync(a, b);
    expect(Object.keys(readDocument("book", b).data.customers ?? {})).toEqual(["c1", "c2"]);
    write(a, "book", (t) => t.set("customers", ["c1", "state"], "NE").remove("customers", ["c2"]));
    sync(a, b);
    expect(readDocument("book", b).data.customers).toEqual({ c1: { ...customer("c1"), state: "NE" } });
  });

  it("an invalid record makes its section absent with the whole section's message; fixing it brings it back", () => {
    const doc = new Y.Doc();
    write(doc, "book", (t) =>
      t.set("customers", ["c1"], customer("c1")).set("customers", ["c2"], customer("c2")),
    );
    readDocument("book", doc);
    // A value the schema refuses, written around the typed layer (as a peer's bad update would).
    doc.getMap("customers").set("c3", { id: "c3", name: 12 });
    const broken = readDocument("book", doc);
    expect(broken.data.customers).toBeUndefined();
    expect(broken).toEqual(readAfresh("book", doc));
    expect(broken.issues[0]?.message).toMatch(/^customers\.c3\.name: /);
    doc.getMap("customers").delete("c3");
    expect(readDocument("book", doc)).toEqual(readAfresh("book", doc));
    expect(Object.keys(readDocument("book", doc).data.customers ?? {})).toEqual(["c1", "c2"]);
  });

  it("equals a fresh read of every section after each of 300 seeded random edits, local and remote", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
    const a = new Y.Doc();
    const b = new Y.Doc();
    const ids = ["c1", "c2", "c3", "c4", "c5"];
    for (let step = 0; step < 300; step++) {
      const doc = random() < 0.5 ? a : b;
      const id = pick(ids);
      const section = pick(["customers", "entities"] as const);
      const map = doc.getMap<unknown>(section);
      const roll = random();
      if (roll < 0.3) map.set(id, toY(section === "customers" ? customer(id) : entity(id)));
      else if (roll < 0.55 && map.get(id) instanceof Y.Map)
        (map.get(id) as Y.Map<unknown>).set(section === "customers" ? "name" : "legalName", `N${step}`);
      else if (roll < 0.65 && map.get(id) instanceof Y.Map)
        (map.get(id) as Y.Map<unknown>).set("status", pick(["active", "inactive", "deactivated", "bogus"]));
      else if (roll < 0.75) map.delete(id);
      else if (roll < 0.8) map.set(id, { id: pick(ids), name: "plain" });
      else sync(a, b);
      // Read often (both docs), as the app does on each update.
      for (const d of [a, b]) expect(readDocument("book", d), `step ${step}`).toEqual(readAfresh("book", d));
    }
  });
});

describe("summaries stored whole (setWhole)", () => {
  it("keeps a record as one JSON value, read and replaced like any other", () => {
    const doc = new Y.Doc();
    write(doc, "book", (t) => t.setWhole("customers", ["c1"], customer("c1")));
    const stored = doc.getMap("customers").get("c1");
    expect(stored).not.toBeInstanceOf(Y.Map);
    expect(readDocument("book", doc).data.customers?.c1).toEqual(customer("c1"));
    write(doc, "book", (t) => t.setWhole("customers", ["c1"], customer("c1", "Renamed")));
    expect(readDocument("book", doc).data.customers?.c1?.name).toBe("Renamed");
  });

  it("replaces a record that was a map per field, and converges when two devices write it", () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    write(a, "book", (t) => t.set("customers", ["c1"], customer("c1")));
    sync(a, b);
    write(a, "book", (t) => t.setWhole("customers", ["c1"], customer("c1", "From A")));
    write(b, "book", (t) => t.setWhole("customers", ["c1"], customer("c1", "From B")));
    sync(a, b);
    expect(sectionJson(a, "customers")).toEqual(sectionJson(b, "customers"));
    expect(["From A", "From B"]).toContain((sectionJson(a, "customers").c1 as { name: string }).name);
    expect(a.getMap("customers").get("c1")).not.toBeInstanceOf(Y.Map);
  });

  it("refuses an invalid record whole, writing nothing", () => {
    const doc = new Y.Doc();
    expect(() => write(doc, "book", (t) => t.setWhole("customers", ["c1"], { id: "c1" }))).toThrow(
      DomainError,
    );
    expect(doc.getMap("customers").size).toBe(0);
  });
});
