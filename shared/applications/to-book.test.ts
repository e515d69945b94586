import { describe, expect, it } from "vitest";
import { customerProfileSchema, entitySchema, policySchema, taxIdRecordSchema } from "../documents/book";
import { sampleBusinessApplication, sampleIndividualApplication } from "./fixtures";
import { bookFromApplication } from "./to-book";

const stamps = {
  createdAt: "2026-11-21T10:00:00.000Z",
  updatedAt: "2026-11-21T10:00:00.000Z",
  updatedBy: "agent",
};

describe("an accepted application in the agent's book", () => {
  it("an individual: profile, entity I with the last four only, a pending policy per plan — all valid book records", () => {
    const a = sampleIndividualApplication({
      individual: {
        name: "Dale Rancher",
        dateOfBirth: "1970-04-02",
        maritalStatus: "married",
        spouse: { name: "Ann Rancher", taxIdType: 1, taxId: "234567890" },
      },
    });
    const book = bookFromApplication(a);
    expect(customerProfileSchema.safeParse({ id: "c1", ...book.profile, ...stamps }).success).toBe(true);
    const entity = entitySchema.parse({ id: "e1", ...book.entity, ...stamps });
    expect(entity).toMatchObject({ type: "I", legalName: "Dale Rancher", taxIdLast4: "6789" });
    expect(entity.spouse).toEqual({ name: "Ann Rancher", taxIdType: 1, taxIdLast4: "7890" });
    expect(JSON.stringify(book.entity)).not.toContain(a.taxId);
    expect(book.policies).toHaveLength(1);
    const policy = policySchema.parse({ id: "p1", entityId: "e1", ...book.policies[0], ...stamps });
    // Signed 2026-11-20: crop year and reinsurance year 2027 (July–June).
    expect(policy).toMatchObject({
      plan: "lrp",
      providerId: "proAg",
      status: "pending",
      cropYear: 2027,
      county: "48375",
    });
    expect(book.taxIds.map((t) => [t.key("e1"), t.type])).toEqual([
      ["e1", 1],
      ["e1.spouse", 1],
    ]);
    for (const t of book.taxIds)
      expect(
        taxIdRecordSchema.safeParse({
          id: t.key("e1"),
          taxIdType: t.type,
          taxId: t.value,
          updatedAt: stamps.updatedAt,
          updatedBy: stamps.updatedBy,
        }).success,
      ).toBe(true);
  });

  it("a business: entity of its type with SBIs and shares; two plans, two policies", () => {
    const book = bookFromApplication(sampleBusinessApplication());
    const entity = entitySchema.parse({ id: "e2", ...book.entity, ...stamps });
    expect(entity.type).toBe("Y");
    expect(Object.values(entity.sbis).map((s) => [s.name, s.sharePercent, s.taxIdLast4])).toEqual([
      ["Dale Rancher", "60", "6789"],
      ["Ann Rancher", "40", "7890"],
    ]);
    expect(book.policies.map((p) => [p.plan, p.providerId])).toEqual([
      ["lrp", "proAg"],
      ["lgm", "agriSompo"],
    ]);
    expect(book.taxIds.map((t) => t.key("e2"))).toEqual(["e2", "e2.sbi.s1", "e2.sbi.s2"]);
  });
});
