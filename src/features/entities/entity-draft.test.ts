import { describe, expect, it } from "vitest";
import type { Entity } from "../../../shared/documents/book";
import {
  changedEntityFields,
  type EntityDraft,
  entityDraftFrom,
  entityFromDraft,
  newSbiDraft,
  sameValue,
} from "./entity-draft";

const base = {
  id: "E1",
  status: "active" as const,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
  updatedBy: "agent",
};

const draft = (over: Partial<EntityDraft> = {}): EntityDraft => ({
  ...entityDraftFrom(),
  legalName: "Jane Smith",
  taxId: { type: 1, value: "123-45-6789" },
  ...over,
});

describe("entityFromDraft", () => {
  it("keeps only the last four of the tax id in the entity; the full id is a separate write", () => {
    const built = entityFromDraft(draft(), base);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.entity.taxIdLast4).toBe("6789");
    expect(JSON.stringify(built.entity)).not.toContain("123456789");
    expect(JSON.stringify(built.entity)).not.toContain("123-45");
    expect(built.taxIds.map((t) => [t.key("E1"), t.type, t.value])).toEqual([["E1", 1, "123-45-6789"]]);
  });

  it("requires the entity's tax id and says why without echoing it", () => {
    const missing = entityFromDraft(draft({ taxId: { type: 2, value: "" } }), base);
    expect(missing).toEqual({ ok: false, issues: { taxId: "give the tax id" } });
    const bad = entityFromDraft(draft({ taxId: { type: 2, value: "07-1234567" } }), base);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.issues.taxId).toMatch(/EIN/);
    expect(bad.issues.taxId).not.toContain("1234567");
  });

  it("shows the schema's messages at their fields", () => {
    const built = entityFromDraft(
      draft({ legalName: " ", address: { ...entityDraftFrom().address, city: "Ogallala" } }),
      base,
    );
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues.legalName).toBe("enter the legal name");
    expect(built.issues["address.line1"]).toBe("enter the street address");
  });

  it("refuses SBI shares over 100 % with the schema's message; F allowed for an SBI", () => {
    const sbi = (id: string, share: string, entityType = "I") => ({
      ...newSbiDraft(id),
      name: `Owner ${id}`,
      entityType,
      taxId: { type: 1 as const, value: "234-56-7890" },
      sharePercent: share,
    });
    const over = entityFromDraft(draft({ type: "P", sbis: [sbi("S1", "60 %"), sbi("S2", "50")] }), base);
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.issues.sbis).toBe("the SBIs' shares add up to 110 %, more than 100 %");

    const fine = entityFromDraft(draft({ type: "P", sbis: [sbi("S1", "60"), sbi("S2", "40", "F")] }), base);
    expect(fine.ok).toBe(true);
    if (!fine.ok) return;
    expect(fine.entity.sbis.S2?.entityType).toBe("F");
    expect(fine.entity.sbis.S1?.taxIdLast4).toBe("7890");
    expect(fine.taxIds.map((t) => t.key("E1"))).toEqual(["E1", "E1.sbi.S1", "E1.sbi.S2"]);
  });

  it("an SBI's missing tax id is shown at that SBI", () => {
    const built = entityFromDraft(
      draft({ type: "P", sbis: [{ ...newSbiDraft("S1"), name: "A", sharePercent: "10" }] }),
      base,
    );
    expect(built.ok).toBe(false);
    if (built.ok) return;
    expect(built.issues["sbis.S1.taxId"]).toBe("give the tax id");

    const noShare = entityFromDraft(
      draft({ type: "P", sbis: [{ ...newSbiDraft("S1"), name: "A", sharePercent: " " }] }),
      base,
    );
    expect(noShare.ok).toBe(false);
    if (noShare.ok) return;
    expect(noShare.issues["sbis.S1.sharePercent"]).toBe("give the share in percent, e.g. 50 or 12.5");
  });

  it("a spouse only for an Individual; the spouse's tax id is optional", () => {
    const withSpouse = entityFromDraft(draft({ hasSpouse: true, spouseName: "John Smith" }), base);
    expect(withSpouse.ok && withSpouse.entity.spouse).toEqual({ name: "John Smith" });
    const partnership = entityFromDraft(draft({ type: "P", hasSpouse: true, spouseName: "John" }), base);
    expect(partnership.ok && partnership.entity.spouse).toBeUndefined();
    const missingName = entityFromDraft(draft({ hasSpouse: true }), base);
    expect(missingName.ok).toBe(false);
    if (missingName.ok) return;
    expect(missingName.issues["spouse.name"]).toBe("enter the spouse's name");
  });

  it("editing: a blank tax id keeps the one on file unless its type changes", () => {
    const created = entityFromDraft(draft(), base);
    if (!created.ok) throw new Error("expected a valid entity");
    const existing: Entity = created.entity;
    const same = entityFromDraft(
      { ...entityDraftFrom(existing), legalName: "Jane A. Smith" },
      base,
      existing,
    );
    expect(same.ok).toBe(true);
    if (!same.ok) return;
    expect(same.entity.taxIdLast4).toBe("6789");
    expect(same.taxIds).toEqual([]);
    expect(changedEntityFields(existing, same.entity)).toEqual({ legalName: "Jane A. Smith" });

    const retyped = entityFromDraft(
      { ...entityDraftFrom(existing), taxId: { type: 2, value: "" } },
      base,
      existing,
    );
    expect(retyped).toEqual({ ok: false, issues: { taxId: "give the tax id" } });
  });

  it("the draft of a stored entity builds the same entity (no spurious changes)", () => {
    const built = entityFromDraft(
      draft({
        type: "I",
        hasSpouse: true,
        spouseName: "John",
        spouseTaxId: { type: 1, value: "234-56-7890" },
        address: { line1: "1 Main", line2: "", city: "Ogallala", state: "NE", county: "31101", zip: "69153" },
      }),
      base,
    );
    if (!built.ok) throw new Error(JSON.stringify(built.issues));
    const again = entityFromDraft(entityDraftFrom(built.entity), base, built.entity);
    if (!again.ok) throw new Error(JSON.stringify(again.issues));
    expect(changedEntityFields(built.entity, again.entity)).toEqual({});
  });
});

describe("sameValue", () => {
  it("ignores key order and undefined keys", () => {
    expect(sameValue({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1, x: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
