import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { CONFIRMATION_TTL_MS, Confirmations, isHeld, recordCount, removedRecords } from "./hold";

// HIST3: which removals are held, how records are counted, and that a confirmation allows one write.

describe("the hold-for-confirmation rule", () => {
  it("[HIST3] holds removing more than half of the records, and never fewer than three", () => {
    expect(isHeld(3, 5)).toBe(true);
    expect(isHeld(5, 5)).toBe(true);
    expect(isHeld(3, 6)).toBe(false); // exactly half
    expect(isHeld(2, 2)).toBe(false); // too few to ask
    expect(isHeld(10, 30)).toBe(false);
    expect(isHeld(0, 0)).toBe(false);
  });

  it("[HIST3] counts whole records removed from record sections, not fields nor other sections", () => {
    const changes = [
      { section: "entities", recordKey: "e-1", before: {}, after: undefined },
      { section: "policies", recordKey: "p-1", before: {}, after: undefined },
      { section: "policies", recordKey: "p-2", before: undefined, after: {} },
      { section: "coverages", recordKey: "cv-1", before: true, after: true, fields: new Set(["status"]) },
      { section: "profile", recordKey: "c-1", before: {}, after: undefined },
    ];
    expect(removedRecords("customer", changes)).toBe(2);
    const doc = new Y.Doc();
    doc.getMap("entities").set("e-1", {});
    doc.getMap("policies").set("p-1", {});
    doc.getMap("policies").set("p-2", {});
    doc.getMap("profile").set("name", "x");
    expect(recordCount(doc, "customer")).toBe(3);
  });

  it("[HIST3] a confirmation allows one held write of that user to that document, for a while", () => {
    let now = 1_000;
    const confirmations = new Confirmations(() => now);
    expect(confirmations.take("u1", "org/o/customer/c")).toBe(false);
    confirmations.confirm("u1", "org/o/customer/c");
    expect(confirmations.take("u2", "org/o/customer/c")).toBe(false);
    expect(confirmations.take("u1", "org/o/customer/d")).toBe(false);
    expect(confirmations.take("u1", "org/o/customer/c")).toBe(true);
    expect(confirmations.take("u1", "org/o/customer/c")).toBe(false);
    confirmations.confirm("u1", "org/o/customer/c");
    now += CONFIRMATION_TTL_MS + 1;
    expect(confirmations.take("u1", "org/o/customer/c")).toBe(false);
  });
});
