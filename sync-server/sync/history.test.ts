import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { parseDocumentName } from "../../shared/documents/names";
import { applyToCopy } from "./candidate";
import { scanEntries } from "./entry-scan";
import { changesFromCopy, changesFromEntries, historyEntry } from "./history";

// The record history's derivation (rule AUDIT1): which records and fields a write changes, from what
// the write guard reads anyway, with field names only.

const ref = parseDocumentName("org/demo/customer/c-1");
if (!ref) throw new Error("name");
const who = { userId: "auth0|agent", at: 1000 };

function clientUpdate(doc: Y.Doc, edit: (copy: Y.Doc) => void): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  edit(copy);
  return Y.encodeStateAsUpdate(copy, before);
}

const nested = (value: Record<string, unknown>) => {
  const map = new Y.Map<unknown>();
  for (const [k, v] of Object.entries(value)) map.set(k, v);
  return map;
};

describe("record history", () => {
  it("[AUDIT1] a plain record set anew lists the fields that differ, stamps only when nothing else did", () => {
    const doc = new Y.Doc();
    doc.getMap("coverages").set("cv-1", { id: "cv-1", head: 10, share: "1", address: { city: "Ord" } });
    const update = clientUpdate(doc, (copy) =>
      copy.getMap("coverages").set("cv-1", {
        id: "cv-1",
        head: 12,
        share: "1",
        address: { city: "Burwell" },
        updatedAt: "x",
      }),
    );
    const scan = scanEntries(doc, update);
    if (scan.kind !== "entries") throw new Error(scan.kind);
    const [change] = changesFromEntries(doc, scan);
    expect(historyEntry("d", who, change as never)).toEqual({
      documentName: "d",
      section: "coverages",
      recordKey: "cv-1",
      action: "changed",
      fields: ["address.city", "head"],
      ...who,
    });
    const stampsOnly = changesFromEntries(doc, {
      kind: "entries",
      patches: new Map(),
      sections: new Map([
        [
          "coverages",
          new Map([
            ["cv-1", [{ id: "cv-1", head: 10, share: "1", address: { city: "Ord" }, updatedAt: "y" }]],
          ]),
        ],
      ]),
    });
    expect(historyEntry("d", who, stampsOnly[0] as never).fields).toEqual(["updatedAt"]);
  });

  it("[AUDIT1] created and removed records; values never appear", () => {
    const doc = new Y.Doc();
    doc.getMap("entities").set("e-old", { id: "e-old" });
    const update = clientUpdate(doc, (copy) => {
      copy.getMap("entities").set("e-new", { id: "e-new", legalName: "Secret Name", taxIdLast4: "4987" });
      copy.getMap("entities").delete("e-old");
    });
    const scan = scanEntries(doc, update);
    if (scan.kind !== "entries") throw new Error(scan.kind);
    const rows = changesFromEntries(doc, scan).map((c) => historyEntry("d", who, c));
    expect(rows.map((r) => [r.recordKey, r.action, r.fields])).toEqual([
      ["e-new", "created", ["id", "legalName", "taxIdLast4"]],
      ["e-old", "removed", []],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Secret|4987/);
  });

  it("[AUDIT1] single-field edits of nested records name their paths; a profile field is the customer's record", () => {
    const doc = new Y.Doc();
    const coverage = nested({ id: "cv-1", head: 10 });
    doc.getMap("coverages").set("cv-1", coverage);
    coverage.set("address", nested({ city: "Ord" }));
    doc.getMap("profile").set("name", "Ranch");
    const update = clientUpdate(doc, (copy) => {
      const record = copy.getMap("coverages").get("cv-1") as Y.Map<unknown>;
      record.set("head", 20);
      record.set("updatedBy", "auth0|someone-else");
      (record.get("address") as Y.Map<unknown>).set("city", "Burwell");
      copy.getMap("profile").set("name", "Other Ranch");
      copy.getMap("coverages").set("cv-2", nested({ id: "cv-2", head: 5 }));
    });
    const { shadow, paths } = applyToCopy(doc, update);
    const rows = changesFromCopy(ref, doc, shadow, paths).map((c) => historyEntry("d", who, c));
    expect(rows.map((r) => [r.section, r.recordKey, r.action, r.fields])).toEqual([
      ["coverages", "cv-1", "changed", ["address.city", "head"]],
      ["profile", "c-1", "changed", ["name"]],
      ["coverages", "cv-2", "created", ["head", "id"]],
    ]);
    // The writer is the verified connection's, whatever `updatedBy` says.
    expect(rows.every((r) => r.userId === "auth0|agent")).toBe(true);
  });

  it("[AUDIT1] a profile written into an empty section is created", () => {
    const doc = new Y.Doc();
    const update = clientUpdate(doc, (copy) => {
      copy.getMap("profile").set("name", "Ranch");
      copy.getMap("profile").set("status", "active");
    });
    const { shadow, paths } = applyToCopy(doc, update);
    const [row] = changesFromCopy(ref, doc, shadow, paths).map((c) => historyEntry("d", who, c));
    expect(row).toMatchObject({
      section: "profile",
      recordKey: "c-1",
      action: "created",
      fields: ["name", "status"],
    });
  });
});
