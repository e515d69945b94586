import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { taxIdKey } from "../../shared/documents/book";
import { REDIS_URL, redisAvailable } from "../../tests/integration/sync/services";
import { CONFIRMATION_TTL_MS, MemoryConfirmations, RedisConfirmations } from "./confirmations";
import { isHeld, recordCount, removal, taxIdOwner } from "./hold";

// HIST3: which removals are held, how records are counted, and that a confirmation allows one write.

const gone = (section: string, recordKey: string) => ({ section, recordKey, before: {}, after: undefined });

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
      gone("entities", "e-1"),
      gone("policies", "p-1"),
      { section: "policies", recordKey: "p-2", before: undefined, after: {} },
      { section: "coverages", recordKey: "cv-1", before: true, after: true, fields: new Set(["status"]) },
      gone("profile", "c-1"),
    ];
    const doc = new Y.Doc();
    doc.getMap("entities").set("e-1", {});
    doc.getMap("policies").set("p-1", {});
    doc.getMap("policies").set("p-2", {});
    doc.getMap("profile").set("name", "x");
    expect(recordCount(doc, "customer")).toBe(3);
    expect(removal(doc, "customer", changes)).toEqual({ removed: 2, total: 3 });
    expect(removal(doc, "customer", changes.slice(2))).toEqual({ removed: 0, total: 0 });
  });

  it("[HIST3] the internal document: an entity's tax ids (its own, its spouse's, its SBIs') are one record", () => {
    for (const key of [taxIdKey.entity("e.1"), taxIdKey.spouse("e.1"), taxIdKey.sbi("e.1", "s-9")])
      expect(taxIdOwner(key)).toBe("e.1");
    const doc = new Y.Doc();
    const taxIds = doc.getMap("taxIds");
    for (const entity of ["e-1", "e-2", "e-3"]) {
      taxIds.set(taxIdKey.entity(entity), {});
      taxIds.set(taxIdKey.spouse(entity), {});
      for (const sbi of ["s-1", "s-2", "s-3"]) taxIds.set(taxIdKey.sbi(entity, sbi), {});
    }
    doc.getMap("notes").set("n-1", {});
    expect(recordCount(doc, "customerInternal")).toBe(4);
    // An entity edited: its spouse and every SBI removed (4 ids), its own id kept: no record removed.
    const edit = [taxIdKey.spouse("e-1"), ...["s-1", "s-2", "s-3"].map((s) => taxIdKey.sbi("e-1", s))];
    expect(
      removal(
        doc,
        "customerInternal",
        edit.map((k) => gone("taxIds", k)),
      ),
    ).toEqual({
      removed: 0,
      total: 4,
    });
    // The same edit on all three entities at once: still no entity's ids are all gone.
    const everyEdit = ["e-1", "e-2", "e-3"].flatMap((e) =>
      [taxIdKey.spouse(e), taxIdKey.sbi(e, "s-1")].map((k) => gone("taxIds", k)),
    );
    expect(isHeld(removal(doc, "customerInternal", everyEdit).removed, 4)).toBe(false);
    // Every tax id and the note: 4 of 4 records, held.
    const everything = [...taxIds.keys()].map((k) => gone("taxIds", k)).concat(gone("notes", "n-1"));
    const all = removal(doc, "customerInternal", everything);
    expect(all).toEqual({ removed: 4, total: 4 });
    expect(isHeld(all.removed, all.total)).toBe(true);
  });

  it("[HIST3] a confirmation allows one held write of that user to that document, for a while", async () => {
    let now = 1_000;
    const confirmations = new MemoryConfirmations(() => now);
    expect(await confirmations.take("u1", "org/o/customer/c")).toBe(false);
    await confirmations.confirm("u1", "org/o/customer/c");
    expect(await confirmations.take("u2", "org/o/customer/c")).toBe(false);
    expect(await confirmations.take("u1", "org/o/customer/d")).toBe(false);
    expect(await confirmations.take("u1", "org/o/customer/c")).toBe(true);
    expect(await confirmations.take("u1", "org/o/customer/c")).toBe(false);
    await confirmations.confirm("u1", "org/o/customer/c");
    now += CONFIRMATION_TTL_MS + 1;
    expect(await confirmations.take("u1", "org/o/customer/c")).toBe(false);
  });

  it.runIf(redisAvailable)(
    "[HIST3] in Redis: seen by every instance, used once, expiring with the key",
    async () => {
      const prefix = `rangeline-hold-${randomBytes(4).toString("hex")}`;
      const a = new RedisConfirmations(REDIS_URL, prefix);
      const b = new RedisConfirmations(REDIS_URL, prefix);
      try {
        const until = await a.confirm("u1", "org/o/customer/c");
        expect(until).toBeGreaterThan(Date.now() + CONFIRMATION_TTL_MS - 5000);
        expect(await b.take("u2", "org/o/customer/c")).toBe(false);
        expect(await b.take("u1", "org/o/customer/c")).toBe(true);
        expect(await a.take("u1", "org/o/customer/c")).toBe(false);
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});
